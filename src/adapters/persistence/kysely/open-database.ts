import { mkdir } from 'node:fs/promises';
import { Kysely, MysqlDialect, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { lockDataDir } from './data-dir-lock.js';
import type { DatabaseTarget } from './database-target.js';
import type { Tables } from './schema.js';
import type { SqlFlavor } from './sql-flavor.js';

/** An open database: the query builder, its SQL dialect, and how to close it. */
export interface DatabaseHandle {
  readonly db: Kysely<Tables>;
  readonly flavor: SqlFlavor;
  readonly kind: DatabaseTarget['kind'];
  close(): Promise<void>;
}

export interface PoolOptions {
  readonly poolSize?: number;
  /** Called for errors of idle pooled connections (a restarted server), which must not crash the process. */
  readonly onPoolError?: (error: Error) => void;
}

const openPglite = async (dataDir: string | undefined): Promise<DatabaseHandle> => {
  const { PGlite } = await import('@electric-sql/pglite');
  const unlock = dataDir === undefined ? async () => {} : await lockDataDir(dataDir);
  try {
    if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
    const pglite = await PGlite.create(dataDir);
    const db = new Kysely<Tables>({ dialect: new PGliteDialect({ pglite }) });
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
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: 5000 });
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return { db, flavor: 'postgres', kind: 'postgres', close: () => db.destroy() };
};

const openMysql = async (url: string, options: PoolOptions): Promise<DatabaseHandle> => {
  const mysql = await import('mysql2');
  const pool = mysql.createPool({
    uri: url,
    connectionLimit: options.poolSize ?? 10,
    connectTimeout: 5000,
    timezone: 'Z',
    charset: 'utf8mb4',
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  pool.on('connection', (connection) => {
    connection.on('error', (error: Error) => options.onPoolError?.(error));
  });
  const db = new Kysely<Tables>({ dialect: new MysqlDialect({ pool }) });
  return { db, flavor: 'mysql', kind: 'mysql', close: () => db.destroy() };
};

export const openDatabase = async (target: DatabaseTarget, options: PoolOptions = {}): Promise<DatabaseHandle> => {
  switch (target.kind) {
    case 'pglite':
      return openPglite(target.dataDir);
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
