import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { INTEGRATION_TOKENS } from '../../application/integration-tokens.js';
import type { JobQueue } from '../../application/ports/jobs/job-queue.js';
import { TOKENS } from '../../application/tokens.js';
import { PurgeAuditEvents } from '../../application/use-cases/audit/purge-audit-events.js';
import { PurgeExpiredTokens } from '../../application/use-cases/auth/purge-expired-tokens.js';
import { IdempotentRequests } from '../../application/use-cases/idempotency/idempotent-requests.js';
import { SweepAbandonedImportLines } from '../../application/use-cases/imports/sweep-abandoned-import-lines.js';
import { KeepSubscriptionDocuments } from '../../application/use-cases/subscriptions/keep-subscription-documents.js';
import { type RunningRelay, startRelay } from '../integrations/start-relay.js';
import type { BackgroundJobQueue } from '../jobs/background-job-queue.js';
import { startJobs } from '../jobs/start-jobs.js';

/** How often expired tokens, idempotency keys and abandoned import lines are purged. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export interface BackgroundWorkOptions {
  /**
   * With it, webhook attempts are shared by every instance through BullMQ on this Redis. Where jobs go is the
   * container's job queue (`InProcessJobQueue` by default, `BullMqJobQueue` to share them too).
   */
  readonly redisUrl?: string | undefined;
  /** How often the relay looks for due deliveries when idle; default 50 ms. */
  readonly relayPollMs?: number;
}

export interface RunningBackgroundWork {
  /**
   * Stops taking work and waits for what is under way: the job lanes running and the webhook attempts
   * made (each recorded). Asking twice waits for the same stop. The database stays open for its owner.
   */
  stop(): Promise<void>;
}

const runsJobs = (queue: JobQueue): queue is BackgroundJobQueue =>
  typeof (queue as Partial<BackgroundJobQueue>).start === 'function' &&
  typeof (queue as Partial<BackgroundJobQueue>).stop === 'function';

const ALLOW_PRIVATE_WARNING =
  'INTEGRATIONS_ALLOW_PRIVATE=true: webhooks may be sent to loopback, private-network and CGNAT addresses, so ' +
  "any store's integration can make this host POST to services on it and on its network (internal APIs, " +
  "admin consoles, databases' HTTP ports) and read the first 1 KiB of their answers in its integration logs; " +
  'only the cloud metadata addresses stay refused. For on-premises receivers and tests, never where stores ' +
  'belong to people you do not trust';

/**
 * Runs what the service runs beside its HTTP API, for the service and for a program that embeds the
 * core alike: the job workers of the container's queue with their recovery sweep and schedules, the
 * webhook relay, the purges of expired tokens, idempotency keys and abandoned import lines, and once the
 * walk that makes the subscription documents rows lack. A job
 * or an attempt still under way when the process dies is taken over once its lease runs out.
 */
export const startBackgroundWork = async (
  container: Container,
  logger: Logger,
  options: BackgroundWorkOptions = {},
): Promise<RunningBackgroundWork> => {
  const queue = container.get(TOKENS.JobQueue);
  if (!runsJobs(queue))
    throw new Error(
      "the container's job queue cannot run jobs: build it with an InProcessJobQueue (the default) or a BullMqJobQueue",
    );
  if (container.get(INTEGRATION_TOKENS.IntegrationSettings).allowPrivate) logger.warn(ALLOW_PRIVATE_WARNING);
  const jobs = await startJobs(container, queue, { log: logger });
  let relay: RunningRelay;
  try {
    relay = await startRelay(container, logger, {
      redisUrl: options.redisUrl,
      ...(options.relayPollMs === undefined ? {} : { pollMs: options.relayPollMs }),
    });
  } catch (error) {
    await jobs.stop().catch(() => undefined);
    throw error;
  }
  // Once per start: documents that rows written before they were kept (or by an older version) lack.
  let stopping: Promise<void> | undefined;
  const walkStarted = Date.now();
  const documents = container
    .get(KeepSubscriptionDocuments)
    .execute(() => stopping !== undefined)
    .then(
      ({ made, finished }) =>
        logger.info(
          { made, finished, duration_ms: Date.now() - walkStarted },
          finished
            ? 'every subscription keeps a current document'
            : 'subscription documents walk stopped with the service; the next start walks again',
        ),
      (err: unknown) => logger.warn({ err }, 'making subscription documents failed; lists make them as they read'),
    );
  const housekeeping = setInterval(() => {
    container
      .get(PurgeExpiredTokens)
      .execute()
      .catch((err: unknown) => logger.warn({ err }, 'token purge failed'));
    container
      .get(PurgeAuditEvents)
      .execute()
      .catch((err: unknown) => logger.warn({ err }, 'audit event purge failed'));
    container
      .get(IdempotentRequests)
      .purge()
      .catch((err: unknown) => logger.warn({ err }, 'idempotency key purge failed'));
    container
      .get(SweepAbandonedImportLines)
      .execute()
      .catch((err: unknown) => logger.warn({ err }, 'abandoned import line sweep failed'));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  const stopOnce = async (): Promise<void> => {
    clearInterval(housekeeping);
    await documents;
    await jobs
      .stop()
      .catch((err: unknown) =>
        logger.warn(
          { err },
          'the job workers did not stop cleanly; their jobs are taken over when their leases run out',
        ),
      );
    await relay
      .stop()
      .catch((err: unknown) =>
        logger.warn(
          { err },
          'the relay did not stop cleanly; its deliveries are claimed again when their leases run out',
        ),
      );
  };
  return { stop: () => (stopping ??= stopOnce()) };
};
