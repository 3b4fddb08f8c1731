import { inject, injectable } from 'inversify';
import { type DeliveryLog, isHttpStatus, truncateBody } from '../../../domain/integrations/delivery.js';
import { nextAttemptAt } from '../../../domain/integrations/delivery-retry.js';
import { eventPayload } from '../../../domain/integrations/event-payload.js';
import { INTEGRATION_TOKENS } from '../../integration-tokens.js';
import type { AttemptObserver } from '../../ports/integrations/attempt-report.js';
import type {
  AttemptOutcome,
  AttemptRecord,
  ClaimedDelivery,
  DeliveryRepository,
} from '../../ports/integrations/delivery-repository.js';
import type { IntegrationSettings } from '../../ports/integrations/integration-settings.js';
import type { WebhookSender } from '../../ports/integrations/webhook-sender.js';
import type { Clock, IdGenerator, Random } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

/**
 * How many deliveries one instance makes at once, and how many of them one integration may hold: a quarter,
 * so that it takes four slow integrations to fill the slots. The share bounds one busy integration's
 * throughput (attempts at once over the receiver's answer time).
 */
export const RELAY_CONCURRENCY = 128;
export const PER_INTEGRATION_CONCURRENCY = 32;
/** Longer than the 10 s a receiver gets: a claim outlives its attempt unless the instance died. */
export const DELIVERY_LEASE_MS = 30_000;

/**
 * Takes due deliveries and makes one attempt at each, never waiting for one before starting the next:
 * a slow receiver holds at most its integration's share of the slots, so other integrations' deliveries
 * go on. Each attempt is logged with its outcome; a failure is tried again on the retry policy's schedule
 * until it succeeds or the policy gives up, and then the delivery has failed for good.
 */
@injectable()
export class RelayDeliveries {
  private readonly inFlight = new Map<string, number>();
  private running = 0;
  private readonly settled = new Set<Promise<void>>();
  /** Attempts made and waiting to be recorded, all in the next write: one transaction for many under load, for one at idle. */
  private unrecorded: { readonly record: AttemptRecord; readonly done: (error?: unknown) => void }[] = [];
  private recording: Promise<void> | undefined;
  private slotWaiters: (() => void)[] = [];
  /**
   * Where claimed attempts are made: here by default, or handed to a shared queue's workers. `answered` is
   * called once the receiver has answered, before the attempt is recorded.
   */
  private runner: (claim: ClaimedDelivery, answered: () => void) => Promise<void> = (claim, answered) =>
    this.attempt(claim, answered);
  private observe: AttemptObserver = () => undefined;

  constructor(
    @inject(INTEGRATION_TOKENS.DeliveryRepository) private readonly deliveries: DeliveryRepository,
    @inject(INTEGRATION_TOKENS.WebhookSender) private readonly sender: WebhookSender,
    @inject(INTEGRATION_TOKENS.IntegrationSettings) private readonly settings: IntegrationSettings,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(TOKENS.Random) private readonly random: Random,
  ) {}

  /** How many more attempts this instance may start now. */
  get room(): number {
    return RELAY_CONCURRENCY - this.running;
  }

  /** Resolves when an attempt under way ends or its receiver answers (at once when none is under way). */
  slotFreed(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.slotWaiters.push(resolve));
  }

  /** Claims what is due and has room, and starts its attempts; resolves with how many were started. */
  async pump(): Promise<number> {
    const room = RELAY_CONCURRENCY - this.running;
    if (room <= 0) return 0;
    const claimed = await this.deliveries.claimDue(
      this.clock.now(),
      room,
      DELIVERY_LEASE_MS,
      this.inFlight,
      PER_INTEGRATION_CONCURRENCY,
    );
    for (const claim of claimed) this.start(claim);
    return claimed.length;
  }

  /**
   * Hands claimed attempts to `runner` (a queue whose workers on any instance make them) instead of making
   * them here; the claim still counts against this instance's limits until `runner` resolves.
   */
  routeAttemptsTo(runner: (claim: ClaimedDelivery) => Promise<void>): void {
    this.runner = runner;
  }

  /** Tells `observer` of every attempt this relay makes (here, or as a shared queue's worker). */
  observeAttempts(observer: AttemptObserver): void {
    this.observe = observer;
  }

  /** Resolves once every attempt started so far has been recorded. */
  async idle(): Promise<void> {
    while (this.settled.size > 0) await Promise.all([...this.settled]);
  }

  private start(claim: ClaimedDelivery): void {
    const integrationId = claim.integration.id;
    this.running += 1;
    this.inFlight.set(integrationId, (this.inFlight.get(integrationId) ?? 0) + 1);
    // The share guards the receiver, so it is given back as soon as the receiver has answered: the wait for
    // the attempt's record (shared by every integration's attempts) does not hold the integration back. The
    // attempt keeps its instance-wide slot until it is recorded.
    let sharing = true;
    const answered = () => {
      if (!sharing) return;
      sharing = false;
      const left = (this.inFlight.get(integrationId) ?? 1) - 1;
      if (left === 0) this.inFlight.delete(integrationId);
      else this.inFlight.set(integrationId, left);
      for (const wake of this.slotWaiters.splice(0)) wake();
    };
    // An attempt that could not be made or recorded (the database or the queue away) is not lost: its
    // claim runs out and the delivery is due again, for this instance or another.
    const attempt = this.runner(claim, answered)
      .catch(() => undefined)
      .finally(() => {
        this.running -= 1;
        answered();
        this.settled.delete(attempt);
        for (const wake of this.slotWaiters.splice(0)) wake();
      });
    this.settled.add(attempt);
  }

  /** Makes one claimed attempt and records it; `answered` is called when the receiver's answer is in. */
  async attempt(claim: ClaimedDelivery, answered: () => void = () => undefined): Promise<void> {
    const { delivery, event, integration } = claim;
    const sentAt = this.clock.now();
    const { secret_key, url } = integration.attributes.configuration;
    const answer = await this.sender.send({
      url,
      body: JSON.stringify(eventPayload(event, integration, delivery.attempts)),
      messageId: delivery.id,
      ...(secret_key === undefined ? {} : { secretKey: secret_key }),
      sentAt,
    });
    answered();
    const succeeded =
      answer.error === undefined &&
      answer.statusCode !== undefined &&
      answer.statusCode >= 200 &&
      answer.statusCode < 300;
    const finishedAt = this.clock.now();
    const retryAt = succeeded
      ? undefined
      : nextAttemptAt(this.settings.retry, event.createdAt, finishedAt, delivery.attempts, this.random.fraction());
    const outcome: AttemptOutcome = succeeded
      ? { status: 'succeeded' }
      : retryAt === undefined
        ? { status: 'failed' }
        : { status: 'pending', nextAttemptAt: retryAt };
    const errorDetail = succeeded
      ? undefined
      : (answer.error ??
          `Received a status code outside of 2xx range (${answer.statusCode}) - treating webhook as a fail`) +
        (outcome.status === 'failed' ? '; no more attempts: the delivery failed for good' : '');
    const log: DeliveryLog = {
      id: this.ids.uuid(),
      storeId: event.storeId,
      integrationId: integration.id,
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      succeeded,
      ...(answer.statusCode === undefined || !isHttpStatus(answer.statusCode) ? {} : { statusCode: answer.statusCode }),
      body: truncateBody(answer.body),
      ...(errorDetail === undefined ? {} : { errorDetail }),
      durationMs: answer.durationMs,
      createdAt: finishedAt,
    };
    try {
      this.observe({
        storeId: event.storeId,
        integrationId: integration.id,
        deliveryId: delivery.id,
        attempt: delivery.attempts,
        outcome: outcome.status === 'pending' ? 'retrying' : outcome.status,
        ...(log.statusCode === undefined ? {} : { statusCode: log.statusCode }),
        ...(answer.error === undefined ? {} : { error: answer.error }),
        durationMs: answer.durationMs,
        ...(outcome.status === 'pending' ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      });
    } catch {
      // Metrics and log lines must never cost an attempt its record (it would be made again).
    }
    await this.record({ claim, log, outcome });
  }

  /** Queues the attempt's record for the next write and resolves once it is written. */
  private record(record: AttemptRecord): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.unrecorded.push({ record, done: (error) => (error === undefined ? resolve() : reject(error)) });
      this.recording ??= this.writeRecords();
    });
  }

  private async writeRecords(): Promise<void> {
    while (this.unrecorded.length > 0) {
      const batch = this.unrecorded.splice(0);
      try {
        await this.deliveries.recordAttempts(batch.map((b) => b.record));
        for (const b of batch) b.done();
      } catch (error) {
        for (const b of batch) b.done(error);
      }
    }
    this.recording = undefined;
  }

  /** Deletes what is older than the retention period. */
  purge(): Promise<void> {
    return this.deliveries.purge(new Date(this.clock.now().getTime() - this.settings.retentionMs));
  }
}
