import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { INTEGRATION_TOKENS } from '../../application/integration-tokens.js';
import { TOKENS } from '../../application/tokens.js';
import { RELAY_CONCURRENCY, RelayDeliveries } from '../../application/use-cases/integrations/relay-deliveries.js';
import { deliveryMetrics, PENDING_COUNT_CAP } from '../metrics/delivery-metrics.js';
import { logFailedAttempts } from './failed-attempt-log.js';

/** How often due deliveries are looked for: the delay a new event waits at most, at idle. */
export const RELAY_POLL_MS = 50;
const PURGE_EVERY_MS = 60 * 60 * 1000;

export interface RunningRelay {
  /** Stops claiming, and waits for the attempts under way to be recorded. */
  stop(): Promise<void>;
}

export interface RelayOptions {
  readonly pollMs?: number;
  /** With Redis, attempts are made by BullMQ workers on every instance; without, by the instance that claimed them. */
  readonly redisUrl?: string | undefined;
}

/**
 * Runs the relay in this process: it looks for due deliveries every `pollMs`, right after a round that
 * found some, and as soon as an attempt ends while others are under way; and it purges old logs hourly.
 * Every instance may run one; each attempt is claimed by one of them in the database, so none is made
 * twice. The attempts made here are counted and timed on `/metrics`, failed ones logged (sampled), and
 * the outbox's pending deliveries counted when `/metrics` is scraped.
 */
export const startRelay = async (
  container: Container,
  log: Logger,
  options: RelayOptions = {},
): Promise<RunningRelay> => {
  const pollMs = options.pollMs ?? RELAY_POLL_MS;
  const relay = container.get(RelayDeliveries);
  const metrics = deliveryMetrics();
  const logFailed = logFailedAttempts(log);
  relay.observeAttempts((report) => {
    metrics.attempted(report);
    logFailed(report);
  });
  const deliveries = container.get(INTEGRATION_TOKENS.DeliveryRepository);
  const clock = container.get(TOKENS.Clock);
  // BullMQ (and its Redis client) is loaded only when Redis is configured: some 20 MiB an instance without it never uses.
  const queue =
    options.redisUrl === undefined
      ? undefined
      : new (await import('./bullmq-delivery-queue.js')).BullMqDeliveryQueue(options.redisUrl, log);
  await queue?.start(relay, deliveries);
  const stopReadingPending = metrics.observePending(() => deliveries.countPending(clock.now(), PENDING_COUNT_CAP));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const tick = () => {
    round = (async () => {
      let found = 0;
      try {
        found = await relay.pump();
      } catch (err) {
        log.warn({ err }, 'the relay could not claim deliveries; trying again');
      }
      if (stopped) return;
      // Busy: claim again as soon as a quarter of the slots are free (not a poll later, and not one at a
      // time, which would cost a claim's queries per delivery).
      while (!stopped && relay.room < RELAY_CONCURRENCY / 4) await relay.slotFreed();
      if (stopped) return;
      if (found > 0) {
        timer = setTimeout(tick, 0);
        return;
      }
      // Nothing claimed while attempts are under way: what is due may be held back by its integration's
      // share, so claim again as soon as an attempt ends, or at the next poll. The attempts that end
      // together are claimed for in one round (the wake is deferred past the I/O that ends them).
      if (relay.room < RELAY_CONCURRENCY) {
        await Promise.race([
          relay.slotFreed().then(() => new Promise((resolve) => setImmediate(resolve))),
          new Promise((resolve) => (timer = setTimeout(resolve, pollMs))),
        ]);
        clearTimeout(timer);
        if (!stopped) tick();
        return;
      }
      timer = setTimeout(tick, pollMs);
    })();
  };
  const purge = setInterval(
    () => void relay.purge().catch((err: unknown) => log.warn({ err }, 'integration logs could not be purged')),
    PURGE_EVERY_MS,
  );
  purge.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      stopReadingPending();
      clearTimeout(timer);
      clearInterval(purge);
      await round;
      await relay.idle();
      await queue?.stop();
    },
  };
};
