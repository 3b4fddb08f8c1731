import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { IdempotentRequests } from '../../application/use-cases/idempotency/idempotent-requests.js';
import { SweepAbandonedImportLines } from '../../application/use-cases/imports/sweep-abandoned-import-lines.js';
import { PurgeExpiredTokens } from '../../application/use-cases/auth/purge-expired-tokens.js';
import type { AppConfig } from '../config/app-config.js';
import { createHttpApp } from '../http/create-http-app.js';
import { serviceOrigin } from '../http/link-origin.js';
import { createDrainingServer, type DrainReport } from './http-server.js';
import type { BackgroundJobQueue } from '../jobs/background-job-queue.js';
import { startJobs, type RunningJobs } from '../jobs/start-jobs.js';
import { startRelay, type RunningRelay } from '../integrations/start-relay.js';

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

export interface RunningService {
  readonly server: Server;
  readonly url: string;
  /**
   * Stops accepting, answers requests in flight with `Connection: close` and destroys what is still
   * open after the configured shutdown timeout; the database stays open for its owner to close.
   */
  stop(): Promise<DrainReport>;
}

/** The queue the service runs jobs and fires schedules from. */
export interface ServiceJobs {
  readonly queue: BackgroundJobQueue;
  /** With it, webhook attempts are shared by every instance through BullMQ too. */
  readonly redisUrl?: string | undefined;
}

/**
 * Serves the container's use cases over HTTP, purges expired tokens, idempotency keys and abandoned import
 * lines now and then, and runs jobs: the queue's workers and the recovery sweep start once the server
 * listens, and stop after the connections are drained (a job still running when the process ends is taken
 * over once its lease runs out).
 */
export const startService = async (
  container: Container,
  config: Pick<AppConfig, 'port' | 'host' | 'baseUrl' | 'http'> & Partial<Pick<AppConfig, 'imports'>>,
  logger: Logger,
  jobs?: ServiceJobs,
): Promise<RunningService> => {
  const app = createHttpApp({
    container,
    logger,
    ...(config.imports === undefined ? {} : { imports: config.imports }),
    baseUrl: config.baseUrl,
    allowedHosts: config.http.allowedHosts,
    listenHost: config.host,
    trustedProxyHeader: config.http.trustedProxyHeader,
  });
  const { server, drain } = createDrainingServer(app.callback(), config.http, logger);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const purge = setInterval(() => {
    container
      .get(PurgeExpiredTokens)
      .execute()
      .catch((err: unknown) => logger.warn({ err }, 'token purge failed'));
    container
      .get(IdempotentRequests)
      .purge()
      .catch((err: unknown) => logger.warn({ err }, 'idempotency key purge failed'));
    container
      .get(SweepAbandonedImportLines)
      .execute()
      .catch((err: unknown) => logger.warn({ err }, 'abandoned import line sweep failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();

  let runningJobs: RunningJobs | undefined;
  // Webhook deliveries run beside the jobs: where jobs run, the outbox is relayed too.
  let relay: RunningRelay | undefined;
  try {
    runningJobs = jobs === undefined ? undefined : await startJobs(container, jobs.queue, { log: logger });
    relay = jobs === undefined ? undefined : await startRelay(container, logger, { redisUrl: jobs.redisUrl });
  } catch (error) {
    clearInterval(purge);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }

  const { port } = server.address() as AddressInfo;
  let stopping: Promise<DrainReport> | undefined;
  const stop = (): Promise<DrainReport> => (stopping ??= drainOnce());
  const drainOnce = async (): Promise<DrainReport> => {
    clearInterval(purge);
    const deadlineMs = config.http.shutdownTimeoutMs;
    const report = await drain(deadlineMs, (load) =>
      logger.info(
        { connections: load.connections, in_flight: load.inFlight, deadline_ms: deadlineMs },
        'draining connections',
      ),
    );
    logger[report.cut > 0 ? 'warn' : 'info'](
      {
        idle_closed: report.idleClosed,
        answered: report.answered,
        cut_at_deadline: report.cut,
        duration_ms: report.durationMs,
      },
      'connections drained',
    );
    await runningJobs
      ?.stop()
      .catch((err: unknown) =>
        logger.warn(
          { err },
          'the job workers did not stop cleanly; their jobs are taken over when their leases run out',
        ),
      );
    await relay
      ?.stop()
      .catch((err: unknown) =>
        logger.warn(
          { err },
          'the relay did not stop cleanly; its deliveries are claimed again when their leases run out',
        ),
      );
    return report;
  };
  return { server, url: serviceOrigin(config.host, port), stop };
};
