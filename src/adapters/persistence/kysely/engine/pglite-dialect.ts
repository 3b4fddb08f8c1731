import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { PoolUsage } from './pool-usage.js';

/**
 * PGlite is one session in this process: a connection is a lease of that session, held exclusively.
 * Whoever holds it (a statement, or a transaction from BEGIN to COMMIT) runs alone, so no statement of
 * another request can land inside someone else's transaction. Each acquisition is a lease of its own,
 * so that releasing a lease twice can never free the next holder's.
 */
class PgliteLease implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite,
    readonly release: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { rows, affectedRows } = await this.pglite.query<R>(query.sql, [...query.parameters], { rowMode: 'object' });
    return { rows, ...(affectedRows === undefined ? {} : { numAffectedRows: BigInt(affectedRows) }) };
  }

  // Kysely only streams when asked to; nothing in this project does.
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

class PgliteDriver implements Driver {
  // The tail of the queue of holders: each waits for the one before it to release the session.
  private queue: Promise<void> = Promise.resolve();
  private holder: PgliteLease | undefined;
  private waiting = 0;

  constructor(private readonly pglite: PGlite) {}

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise((resolve) => {
      release = resolve;
    });
    this.waiting += 1;
    try {
      await previous;
    } finally {
      this.waiting -= 1;
    }
    this.holder = new PgliteLease(this.pglite, release);
    return this.holder;
  }

  /** The one session as a pool of one: held or not, and how many wait for it. */
  usage(): PoolUsage {
    const held = this.holder === undefined ? 0 : 1;
    return { inUse: held, idle: 1 - held, waiting: this.waiting, max: 1 };
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel === undefined ? '' : ` isolation level ${settings.isolationLevel}`;
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = this.holder;
    if (lease === undefined || connection !== lease) return;
    try {
      // A transaction left open (a failed rollback) would put the next holder's statements inside it.
      if (this.pglite.isInTransaction()) await this.pglite.query('rollback');
    } finally {
      this.holder = undefined;
      lease.release();
    }
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

/** Kysely over an in-process PGlite database, with PostgreSQL's SQL. */
export class PgliteDialect implements Dialect {
  private driver: PgliteDriver | undefined;

  constructor(private readonly pglite: PGlite) {}

  /** The session of the driver Kysely made from this dialect; idle until it makes one. */
  usage(): PoolUsage {
    return this.driver?.usage() ?? { inUse: 0, idle: 1, waiting: 0, max: 1 };
  }

  createAdapter(): PostgresAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    this.driver = new PgliteDriver(this.pglite);
    return this.driver;
  }

  createIntrospector(db: Kysely<unknown>): PostgresIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): PostgresQueryCompiler {
    return new PostgresQueryCompiler();
  }
}
