/** The connections of a database pool at one moment, read when metrics are scraped. */
export interface PoolUsage {
  /** Connections checked out by a statement or a transaction. */
  readonly inUse: number;
  /** Open connections nobody holds. */
  readonly idle: number;
  /** Callers (a statement or a transaction) waiting for a connection. */
  readonly waiting: number;
  /** Connections the pool may open. */
  readonly max: number;
}

/** The counts pg's `Pool` publishes; named here so that the library's types do not need pg's. */
interface PgPoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export const pgPoolUsage = (pool: PgPoolCounts, max: number) => (): PoolUsage => ({
  inUse: pool.totalCount - pool.idleCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
  max,
});

/** mysql2's pool keeps its connections in queues it does not publish; their lengths are all there is to read. */
interface MysqlPoolInternals {
  readonly _allConnections?: { readonly length: number };
  readonly _freeConnections?: { readonly length: number };
  readonly _connectionQueue?: { readonly length: number };
}

export const mysqlPoolUsage = (pool: object, max: number) => (): PoolUsage => {
  const internals = pool as MysqlPoolInternals;
  const all = internals._allConnections?.length ?? 0;
  const idle = internals._freeConnections?.length ?? 0;
  return { inUse: all - idle, idle, waiting: internals._connectionQueue?.length ?? 0, max };
};
