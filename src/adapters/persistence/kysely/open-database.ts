import { mkdir } from 'node:fs/promises';
import { Kysely, MysqlDialect, PostgresDialect, sql } from 'kysely';
import { lockDataDir } from './data-dir-lock.js';
import type { DatabaseTarget } from './database-target.js';
import { mysqlFault, pgliteFault, postgresFault } from './database-faults.js';
import { guardedDialect } from './guarded-dialect.js';
import { PgliteDialect } from './pglite-dialect.js';
import { OutageWatch, type OutageEvent } from './outage-watch.js';
import type { Tables } from './schema.js';
import type { SqlFlavor } from './sql-flavor.js';

/** An open database: the query builder, its SQL dialect, and how to close it. */
export interface DatabaseHandle {
  readonly db: Kysely<Tables>;
  readonly flavor: SqlFlavor;
  readonly kind: DatabaseTarget['kind'];
  close(): Promise<void>;
}

/** Bounds on waiting for the database, so that a frozen server yields errors, not hung requests. */
export interface DatabaseTimeouts {
  /** Longest a statement may run; the server cancels it, and the client gives up soon after if the server cannot. */
  readonly statementTimeoutMs: number;
  /** Longest a new connection may take to open. */
  readonly connectTimeoutMs: number;
}

// The client's own deadline comes a little after the server's, so that a live server reports its own timeout.
const CLIENT_GRACE_MS = 1000;
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;

export interface PoolOptions {
  readonly poolSize?: number;
  /** Unbounded when absent, as migrations need. */
  readonly timeouts?: DatabaseTimeouts;
  /** Hears when the database stops answering and when it answers again (once each per outage). */
  readonly onOutage?: (event: OutageEvent) => void;
  /** Called for errors of idle pooled connections (a restarted server), which must not crash the process. */
  readonly onPoolError?: (error: Error) => void;
}

const watchOf = (options: PoolOptions): OutageWatch | undefined => (options.onOutage === undefined ? undefined : new OutageWatch(options.onOutage));

const openPglite = async (dataDir: string | undefined, options: PoolOptions): Promise<DatabaseHandle> => {
  const { PGlite } = await import('@electric-sql/pglite');
  const unlock = dataDir === undefined ? async () => {} : await lockDataDir(dataDir);
  try {
    if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
    const pglite = await PGlite.create(dataDir);
    const db = new Kysely<Tables>({ dialect: guardedDialect(new PgliteDialect(pglite), pgliteFault, watchOf(options)) });
    return {
      db,
      flavor: 'postgres',
      kind: 'pglite',
      close: async () => {
        await db.destroy();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
};

const openPostgres = async (url: string, options: PoolOptions): Promise<DatabaseHandle> => {
  const pg = (await import('pg')).default;
  const { timeouts } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: timeouts?.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    ...(timeouts === undefined ? {} : { statement_timeout: timeouts.statementTimeoutMs, query_timeout: timeouts.statementTimeoutMs + CLIENT_GRACE_MS }),
  });
  pool.on('error', (error) => options.onPoolError?.(error));
  // The pool listens on idle clients only: a checked-out client whose server goes away between two
  // statements would emit 'error' with no listener and end the process. Its next statement fails instead.
  pool.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
  const db = new Kysely<Tables>({ dialect: guardedDialect(new PostgresDialect({ pool }), postgresFault, watchOf(options)) });
  return { db, flavor: 'postgres', kind: 'postgres', close: () => db.destroy() };
};

const openMysql = async (url: string, options: PoolOptions): Promise<DatabaseHandle> => {
  const mysql = await import('mysql2');
  const pool = mysql.createPool({
    uri: url,
    connectionLimit: options.poolSize ?? 10,
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
    if (timeouts !== undefined) connection.query(`SET SESSION max_statement_time = ${timeouts.statementTimeoutMs / 1000}`, () => {});
  });
  const dialect = new MysqlDialect({ pool: timeouts === undefined ? pool : withQueryTimeout(pool, timeouts.statementTimeoutMs + CLIENT_GRACE_MS) });
  const db = new Kysely<Tables>({ dialect: guardedDialect(dialect, mysqlFault, watchOf(options)) });
  return { db, flavor: 'mysql', kind: 'mysql', close: () => db.destroy() };
};

type MysqlPool = ReturnType<typeof import('mysql2').createPool>;
type MysqlPoolConnection = Parameters<Parameters<MysqlPool['getConnection']>[0]>[1];

/**
 * The pool Kysely sees, handing out connections whose every query carries mysql2's client-side
 * `timeout` (Kysely passes none), after which mysql2 destroys the connection rather than wait on it.
 */
const withQueryTimeout = (pool: MysqlPool, timeoutMs: number): MysqlPool => {
  const timed = (connection: MysqlPoolConnection): MysqlPoolConnection =>
    new Proxy(connection, {
      get(target, name) {
        const value: unknown = Reflect.get(target, name, target);
        if (name === 'query') return (sql: string, values: unknown, callback: unknown) => target.query({ sql, timeout: timeoutMs, values } as never, callback as never);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return new Proxy(pool, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (name === 'getConnection') {
        return (callback: (error: unknown, connection?: MysqlPoolConnection) => void) =>
          target.getConnection((error, connection) => callback(error, error === null ? timed(connection) : connection));
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
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

/** True when the database answers a trivial query within `timeoutMs`. */
export const pingDatabase = async (db: Kysely<Tables>, timeoutMs = 2000): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const ping = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
};
