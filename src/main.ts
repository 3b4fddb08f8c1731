#!/usr/bin/env node
import 'reflect-metadata';
import * as E from 'fp-ts/lib/Either.js';
import { DEFAULT_DATA_DIR, readConfig } from './adapters/config/app-config.js';
import { InProcessJobQueue } from './adapters/jobs/in-process-job-queue.js';
import { createLogger } from './adapters/logging/logger.js';
import { migrationSummary } from './adapters/persistence/kysely/engine/migration-summary.js';
import { bootstrapKeyNotice, writeBootstrapKeyFile } from './adapters/service/bootstrap-key-file.js';
import { applyHeapGrowth, heapGrowthFlag } from './adapters/service/heap-growth.js';
import { readyLine } from './adapters/service/ready-line.js';
import { handleShutdownSignals } from './adapters/service/shutdown-signals.js';
import { invalidConfiguration, startFailureLine, whyNotStarted } from './adapters/service/start-failure.js';
import { startService } from './adapters/service/start-service.js';
import { EnsureDefaultStore } from './application/use-cases/stores/ensure-default-store.js';
import { openCore } from './bootstrap.js';

const heapGrowth = heapGrowthFlag(process.execArgv, process.env);
const config = readConfig(process.env);
if (E.isLeft(config) || E.isLeft(heapGrowth)) {
  const errors = [...(E.isLeft(config) ? config.left : []), ...(E.isLeft(heapGrowth) ? [heapGrowth.left] : [])];
  createLogger('info').fatal({ errors }, 'the service could not start: invalid configuration');
  process.stderr.write(startFailureLine(invalidConfiguration(errors)));
  process.exit(1);
}
// Before the database opens and the first requests come, so that the heap is sized for a service from the start.
applyHeapGrowth(heapGrowth.right);

const logger = createLogger(config.right.logLevel);
// Time the database gets to close once the connections are drained or cut, before the process gives up on it.
const DATABASE_CLOSE_GRACE_MS = 5_000;
// Time a forced exit (a third signal, or the deadline) waits for the database to close.
const FORCED_CLOSE_GRACE_MS = 2_000;
const start = async () => {
  const redis =
    config.right.redisUrl === undefined
      ? undefined
      : // Loaded only when Redis is configured, as BullMQ below: an instance without it keeps neither in memory.
        (await import('./adapters/rate-limit/open-redis-limiter.js')).openRedisLimiter(
          config.right.redisUrl,
          logger,
          config.right.redisCommandTimeoutMs,
        );
  if (redis !== undefined && !(await redis.ready()))
    logger.warn('Redis did not answer at start: requests are admitted without rate limits until it does');
  // One REDIS_URL serves both: with it, every instance shares the rate counts and the job queue.
  const jobQueue =
    config.right.redisUrl === undefined
      ? new InProcessJobQueue({ log: logger })
      : new (await import('./adapters/jobs/bullmq-job-queue.js')).BullMqJobQueue({
          redisUrl: config.right.redisUrl,
          log: logger,
        });
  const core = await openCore(
    config.right,
    {
      timeouts: config.right.databaseTimeouts,
      onOutage: (event) =>
        event.kind === 'down'
          ? logger.warn(
              { reason: event.reason, err: event.error },
              'database unavailable: requests that need it are answered 503 until it is back',
            )
          : logger.warn({ outage_ms: event.outageMs, failed_calls: event.failedCalls }, 'database available again'),
      onPoolError: (err) => logger.warn({ err }, 'database connection lost'),
    },
    {
      jobQueue,
      jobSettings: config.right.jobs,
      testClocks: config.right.testClocks,
      integrations: config.right.integrations,
      consoleSessions: config.right.consoleSessions,
      auditRetentionDays: config.right.auditRetentionDays,
      gatewayCredentialsKeys:
        config.right.gatewayCredentialsKey === undefined ? [] : [config.right.gatewayCredentialsKey],
      stripe: config.right.stripe,
      authorizeNet: config.right.authorizeNet,
      ...(redis === undefined ? {} : { rateLimiter: redis.limiter, authFailureLimiter: redis.authFailures }),
    },
  ).catch(async (error: unknown) => {
    await jobQueue.stop().catch(() => undefined);
    await redis?.close();
    throw error;
  });
  // One close, whoever asks first: the graceful stop, or a forced exit that cannot wait for the job queue.
  let closing: Promise<void> | undefined;
  const closeDatabase = (): Promise<void> => (closing ??= core.close().finally(() => redis?.close()));
  const closeAll = () =>
    jobQueue
      .stop()
      .catch(() => undefined)
      .finally(closeDatabase);
  try {
    for (const m of core.migrated) logger.debug({ migration: m.migrationName, status: m.status }, 'migration');
    logger.info(
      { migrations: core.migrated.length, duration_ms: core.migrationMs },
      migrationSummary(core.migrated, core.migrationMs),
    );
    const created = await core.container.get(EnsureDefaultStore).execute();
    if (created !== undefined) {
      // The secret never enters the JSON log stream: an owner-only file gets it, and a terminal if there is one.
      const file = config.right.bootstrapKeyFile;
      const write = await writeBootstrapKeyFile(file, created, new Date());
      process.stderr.write(bootstrapKeyNotice(created, file, write, process.stderr.isTTY === true));
      logger.info(
        { store_id: created.store.id, client_id: created.key.clientId, file, saved: write.written },
        'created the default store and its first application key',
      );
    }
    if (config.right.testClocks)
      logger.warn(
        'test clocks are on (TEST_CLOCKS=on): a store whose clock is set bills on that clock, not on real time; never in production',
      );
    const service = await startService(core.container, config.right, logger, { redisUrl: config.right.redisUrl });
    logger.info(
      {
        url: service.url,
        database: core.databaseKind,
        rate_limiter: redis === undefined ? 'in-process' : 'redis',
        job_queue: jobQueue.kind,
        heap_growth: heapGrowth.right ?? 'as the node command line sets it',
      },
      'listening',
    );
    process.stderr.write(
      readyLine(service.url, config.right.database, DEFAULT_DATA_DIR, config.right.bootstrapKeyFile),
    );
    return {
      stop: async () => {
        const report = await service.stop().finally(closeAll);
        logger.info('stopped');
        return report;
      },
      closeDatabase,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
};

// Signals are handled from before the database opens: one that comes while the service starts lets the
// start finish and then stops it, so that the database is closed rather than abandoned mid-migration.
const starting = start();
handleShutdownSignals(process, {
  logger,
  timeoutMs: config.right.http.shutdownTimeoutMs,
  deadlineMs: config.right.http.shutdownTimeoutMs + DATABASE_CLOSE_GRACE_MS,
  closeGraceMs: FORCED_CLOSE_GRACE_MS,
  // Requests cut at the deadline were not answered: a process manager should see that this stop was not clean.
  stop: () => starting.then((service) => service.stop()).then((report) => (report.cut > 0 ? 1 : 0)),
  closeDatabase: () => starting.then((service) => service.closeDatabase()),
  exit: (code) => process.exit(code),
});

await starting.catch((err: unknown) => {
  logger.fatal({ err }, 'the service could not start');
  process.stderr.write(startFailureLine(whyNotStarted(err, config.right)));
  process.exit(1);
});
