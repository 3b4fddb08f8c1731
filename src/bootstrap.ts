import type { Container } from 'inversify';
import type { MigrationResult } from 'kysely';
import type { AppConfig } from './adapters/config/app-config.js';
import type { BackgroundJobQueue } from './adapters/jobs/background-job-queue.js';
import { InProcessJobQueue } from './adapters/jobs/in-process-job-queue.js';
import { migrateToLatest } from './adapters/persistence/kysely/engine/migrate.js';
import { openDatabase, type PoolOptions } from './adapters/persistence/kysely/engine/open-database.js';
import { buildContainer, type ContainerOptions } from './container.js';

/** The core over an open, migrated database. */
export interface OpenCore {
  readonly container: Container;
  /** What the migrations did at this start; empty when the schema was up to date. */
  readonly migrated: readonly MigrationResult[];
  /** How long bringing the schema up to date took, in whole milliseconds. */
  readonly migrationMs: number;
  readonly databaseKind: AppConfig['database']['kind'];
  /** Where jobs are queued: the one given, or one that runs them in this process. Nothing runs until `startBackgroundWork`. */
  readonly jobQueue: BackgroundJobQueue;
  /** Closes the database; the container must not be used afterwards. */
  close(): Promise<void>;
}

/** A migration may take longer than any statement the service runs, so it gets a connection without timeouts. */
const migrateUnbounded = async (target: AppConfig['database']): Promise<readonly MigrationResult[]> => {
  const handle = await openDatabase(target, { poolSize: 1 });
  try {
    return await migrateToLatest(handle.db, handle.flavor);
  } finally {
    await handle.close();
  }
};

/**
 * The start-up sequence the service, the CLI and embedders share: open the configured database, bring its
 * schema up to date, and bind the core to it. The database is closed again if any step fails.
 */
export const openCore = async (
  config: Pick<AppConfig, 'database'>,
  pool: PoolOptions = {},
  options: Omit<ContainerOptions, 'jobQueue'> & { readonly jobQueue?: BackgroundJobQueue } = {},
): Promise<OpenCore> => {
  const jobQueue = options.jobQueue ?? new InProcessJobQueue();
  const timed = async (migrate: () => Promise<readonly MigrationResult[]>) => {
    const started = performance.now();
    const migrated = await migrate();
    return { migrated, migrationMs: Math.round(performance.now() - started) };
  };
  let migration =
    pool.timeouts === undefined || config.database.kind === 'pglite'
      ? undefined
      : await timed(() => migrateUnbounded(config.database));
  const handle = await openDatabase(config.database, pool);
  try {
    migration ??= await timed(() => migrateToLatest(handle.db, handle.flavor));
    return {
      container: buildContainer({ kind: 'database', handle }, { ...options, jobQueue }),
      ...migration,
      databaseKind: handle.kind,
      jobQueue,
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
};
