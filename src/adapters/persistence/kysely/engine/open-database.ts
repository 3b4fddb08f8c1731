import { Kysely, MysqlDialect, PostgresDialect, sql } from 'kysely';
import type { DatabaseTarget } from '../../../config/database-target.js';
import type { DatabaseTimeouts } from '../../../config/database-timeouts.js';
import { abandoningMysqlPool, abandoningPgPool } from './abandoned-connections.js';
import { lockDataDir } from './data-dir-lock.js';
import { mysqlFault, pgliteFault, postgresFault } from './database-faults.js';
import { guardedDialect } from './guarded-dialect.js';
import { type OutageEvent, OutageWatch } from './outage-watch.js';
import { PgliteDialect } from './pglite-dialect.js';
import { mysqlPoolUsage, type PoolUsage, pgPoolUsage } from './pool-usage.js';
import { makePrivate, mkdirPrivate, ownerOnlyUmask } from './private-files.js';
import type { Tables } from './schema.js';
import type { SqlFlavor } from './sql-flavor.js';

/** An open database: the query builder, its SQL dialect, what its pool holds and whether it answers, and how to close it. */
export interface DatabaseHandle {
  readonly db: Kysely<Tables>;
  readonly flavor: SqlFlavor;
  readonly kind: DatabaseTarget['kind'];
  /** The pool's connections now; cheap enough to read at every metrics scrape. */
  usage(): PoolUsage;
  /** False from a call's failure for want of the database until calls have succeeded for a second. */
  available(): boolean;
  close(): Promise<void>;
}

// The client's own deadline comes a little after the server's, so that a live server reports its own timeout.
const CLIENT_GRACE_MS = 1000;
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
const DEFAULT_POOL_SIZE = 10;

/**
 * A transaction idle this long has lost its client (every statement of ours follows the answer to the one
 * before, with no waiting on anything else in between), and gives its locks back.
 */
const IDLE_TRANSACTION_TIMEOUT_MS = 60_000;
const idleTransactionTimeoutMs = (timeouts: DatabaseTimeouts): number =>
  Math.max(IDLE_TRANSACTION_TIMEOUT_MS, 2 * (timeouts.statementTimeoutMs + CLIENT_GRACE_MS));

export interface PoolOptions {
  readonly poolSize?: number;
  /** Unbounded when absent, as migrations need. */
  readonly timeouts?: DatabaseTimeouts;
  /** Hears when the database stops answering and when it answers again (once each per outage). */
  readonly onOutage?: (event: OutageEvent) => void;
  /** Called for errors of idle pooled connections (a restarted server), which must not crash the process. */
  readonly onPoolError?: (error: Error) => void;
}

const watchOf = (options: PoolOptions): OutageWatch => new OutageWatch(options.onOutage ?? (() => {}));

const openPglite = async (dataDir: string | undefined, options: PoolOptions): Promise<DatabaseHandle> => {
  const { PGlite } = await import('@electric-sql/pglite');
  const unlock = dataDir === undefined ? async () => {} : await lockDataDir(dataDir);
  // Subscribers' personal data and credential hashes: the files are the owner's alone (0700 / 0600).
  const restoreUmask = dataDir === undefined ? () => {} : ownerOnlyUmask();
  const release = async () => {
    restoreUmask();
    await unlock();
  };
  try {
    if (dataDir !== undefined) {
      await mkdirPrivate(dataDir);
      await makePrivate(dataDir);
    }
    const pglite = await PGlite.create(dataDir);
    // A new data directory is unpacked with the modes of its template, not through the umask.
    if (dataDir !== undefined) await makePrivate(dataDir);
    const dialect = new PgliteDialect(pglite);
    const watch = watchOf(options);
    const db = new Kysely<Tables>({ dialect: guardedDialect(dialect, { classify: pgliteFault, watch }) });
    return {
      db,
      flavor: 'postgres',
      kind: 'pglite',
      usage: () => dialect.usage(),
      available: () => !watch.down,
      close: async () => {
        await db.destroy();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
};

const openPostgres = async (url: string, options: PoolOptions): Promise<DatabaseHandle> => {
  const pg = (await import('pg')).default;
  const { pgTypeParsers } = await import('./pg-timestamps.js');
  const { timeouts } = options;
  const max = options.poolSize ?? DEFAULT_POOL_SIZE;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: pgTypeParsers,
    connectionTimeoutMillis: timeouts?.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    ...(timeouts === undefined
      ? {}
      : {
          statement_timeout: timeouts.statementTimeoutMs,
          query_timeout: timeouts.statementTimeoutMs + CLIENT_GRACE_MS,
          // A session whose client vanished mid-transaction (no close ever reached the server) gives its locks back.
          idle_in_transaction_session_timeout: idleTransactionTimeoutMs(timeouts),
        }),
  });
  pool.on('error', (error) => options.onPoolError?.(error));
  // The pool listens on idle clients only: a checked-out client whose server goes away between two
  // statements would emit 'error' with no listener and end the process. Its next statement fails instead.
  pool.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
  const watch = watchOf(options);
  const dialect = new PostgresDialect({ pool: abandoningPgPool(pool, postgresFault) });
  const db = new Kysely<Tables>({
    dialect: guardedDialect(dialect, { classify: postgresFault, watch, writesInTransactions: true }),
  });
  return {
    db,
    flavor: 'postgres',
    kind: 'postgres',
    usage: pgPoolUsage(pool, max),
    available: () => !watch.down,
    close: () => db.destroy(),
  };
};

const openMysql = async (url: string, options: PoolOptions): Promise<DatabaseHandle> => {
  const mysql = await import('mysql2');
  const max = options.poolSize ?? DEFAULT_POOL_SIZE;
  const pool = mysql.createPool({
    uri: url,
    connectionLimit: max,
    connectTimeout: options.timeouts?.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    timezone: 'Z',
    charset: 'utf8mb4',
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  const { timeouts } = options;
  pool.on('connection', (connection) => {
    connection.on('error', (error: Error) => options.onPoolError?.(error));
    // MariaDB's own statement limit, in seconds; MySQL lacks the variable, which is fine: the client's deadline still holds.
    if (timeouts !== undefined)
      connection.query(`SET SESSION max_statement_time = ${timeouts.statementTimeoutMs / 1000}`, () => {});
    // MariaDB's rollback of a transaction whose client vanished without closing; MySQL lacks it and refuses, which is fine.
    if (timeouts !== undefined)
      connection.query(
        `SET SESSION idle_transaction_timeout = ${Math.ceil(idleTransactionTimeoutMs(timeouts) / 1000)}`,
        () => {},
      );
  });
  const dialect = new MysqlDialect({
    pool: abandoningMysqlPool(
      pool,
      mysqlFault,
      timeouts === undefined ? undefined : timeouts.statementTimeoutMs + CLIENT_GRACE_MS,
    ),
  });
  const watch = watchOf(options);
  const db = new Kysely<Tables>({
    dialect: guardedDialect(dialect, { classify: mysqlFault, watch, writesInTransactions: true }),
  });
  return {
    db,
    flavor: 'mysql',
    kind: 'mysql',
    usage: mysqlPoolUsage(pool, max),
    available: () => !watch.down,
    close: () => db.destroy(),
  };
};

export const openDatabase = async (target: DatabaseTarget, options: PoolOptions = {}): Promise<DatabaseHandle> => {
  switch (target.kind) {
    case 'pglite':
      return openPglite(target.dataDir, options);
    case 'postgres':
      return openPostgres(target.url, options);
    case 'mysql':
      return openMysql(target.url, options);
  }
};

/** What `work` resolves to, or `fallback` when it takes longer than `timeoutMs` (a frozen server must not hold a probe). */
export const answerWithin = async <T>(work: Promise<T>, timeoutMs: number, fallback: T): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/** True when the database answers a trivial query within `timeoutMs`. */
export const pingDatabase = (db: Kysely<Tables>, timeoutMs = 2000): Promise<boolean> =>
  answerWithin(
    sql`select 1`.execute(db).then(
      () => true,
      () => false,
    ),
    timeoutMs,
    false,
  );
