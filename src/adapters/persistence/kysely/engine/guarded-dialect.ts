import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { StorageOutcomeUnknown, StorageUnavailable } from '../../../../application/ports/storage-unavailable.js';
import { isConnectionAbandoned } from './abandoned-connections.js';
import type { FaultClassifier } from './fault-classifier.js';
import type { OutageWatch } from './outage-watch.js';
import { currentWriteLedger } from './write-ledger.js';

export interface GuardOptions {
  readonly classify: FaultClassifier;
  readonly watch?: OutageWatch | undefined;
  /**
   * Runs each write sent outside a transaction as a transaction of its own, so that a write the service
   * gives up on is rolled back (a single autocommit statement held by a frozen server would commit when
   * it wakes). For servers reached over a network; the embedded database cannot be frozen apart from us.
   */
  readonly writesInTransactions?: boolean;
}

/** The driver's error as `StorageUnavailable` when it means the database is out of reach; any other error as it is. */
const translated = ({ classify, watch }: GuardOptions, error: unknown): unknown => {
  if (error instanceof StorageUnavailable) return error;
  const reason = isConnectionAbandoned(error) ? 'the connection had failed' : classify(error);
  if (reason === undefined) return error;
  watch?.failure(reason, error);
  return new StorageUnavailable(reason, { cause: error });
};

/** What `work` resolves to, its failure translated. */
const guarding = async <A>(options: GuardOptions, work: () => Promise<A>): Promise<A> => {
  try {
    return await work();
  } catch (error) {
    throw translated(options, error);
  }
};

/**
 * A COMMIT that failed: a server's refusal (a serialization failure, a constraint checked at commit) or a
 * commit never sent stored nothing, but one lost on the way (a timeout, a dropped connection) may have
 * committed, and says so.
 */
const commitFailure = (options: GuardOptions, error: unknown): unknown => {
  const failure = translated(options, error);
  if (!(failure instanceof StorageUnavailable) || isConnectionAbandoned(error) || serverAnswered(error)) return failure;
  return new StorageOutcomeUnknown(`the commit went unanswered (${failure.reason})`, { cause: error });
};

/**
 * True when the error is the server's own answer to the statement (pg's errors carry a severity, MySQL's a
 * SQLSTATE), not a lost exchange; a server ending the session (class 08, 57P0x) may have committed first.
 */
const serverAnswered = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, sqlState, severity, fatal } = error as {
    code?: unknown;
    sqlState?: unknown;
    severity?: unknown;
    fatal?: unknown;
  };
  const state =
    typeof sqlState === 'string'
      ? sqlState
      : typeof severity === 'string' && typeof code === 'string'
        ? code
        : undefined;
  return state !== undefined && fatal !== true && !state.startsWith('08') && !state.startsWith('57P0');
};

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
// Linear: an anchored alternation of literals after optional blanks.
const RAW_WRITE = /^\s*(?:insert|update|delete|replace|merge)\b/i;

const isWrite = (query: CompiledQuery): boolean =>
  WRITE_NODES.has(query.query.kind) || (query.query.kind === 'RawNode' && RAW_WRITE.test(query.sql));

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * The connection Kysely is handed: the driver's own, with faults translated, and autocommit writes made
 * transactions of their own when asked, so that whatever commits is recorded in the unit's write ledger.
 */
class GuardedConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly options: GuardOptions,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction || !isWrite(query)) return this.run(query);
    // Statements that must ride along with every commit of the unit need a transaction to ride in.
    const ledger = currentWriteLedger();
    return this.options.writesInTransactions || (ledger?.alongEveryCommit.length ?? 0) > 0
      ? this.writeInItsOwnTransaction(query)
      : this.autocommit(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery(query, chunkSize);
  }

  async run<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await guarding(this.options, () => this.inner.executeQuery<R>(query));
    this.options.watch?.success();
    return result;
  }

  /** The statements the unit asks to ride along, then COMMIT; a commit that may have happened is recorded as one. */
  async commit(send: () => Promise<unknown>): Promise<void> {
    const ledger = currentWriteLedger();
    for (const along of ledger?.alongEveryCommit ?? []) await this.run(along);
    try {
      await send();
      this.options.watch?.success();
    } catch (error) {
      const failure = commitFailure(this.options, error);
      if (ledger !== undefined && failure instanceof StorageOutcomeUnknown) ledger.committed = true;
      throw failure;
    }
    if (ledger !== undefined) ledger.committed = true;
  }

  private async autocommit<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.run<R>(query);
    const ledger = currentWriteLedger();
    if (ledger !== undefined) ledger.committed = true;
    return result;
  }

  private async writeInItsOwnTransaction<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await this.run(BEGIN);
    try {
      const result = await this.run<R>(query);
      await this.commit(() => this.inner.executeQuery(COMMIT));
      return result;
    } catch (error) {
      // What the server refused is rolled back here; after a fault the connection is abandoned instead
      // (nothing more is sent on it), and closing it rolls back.
      if (!(error instanceof StorageUnavailable)) await this.run(ROLLBACK).catch(() => undefined);
      throw error;
    }
  }
}

const innerOf = (connection: DatabaseConnection): DatabaseConnection =>
  connection instanceof GuardedConnection ? connection.inner : connection;

/** The driver with faults translated, transactions tracked per connection, and commits that may have happened told apart. */
class GuardedDriver implements Driver {
  constructor(
    private readonly driver: Driver,
    private readonly options: GuardOptions,
  ) {}

  init(): Promise<void> {
    return guarding(this.options, () => this.driver.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new GuardedConnection(await guarding(this.options, () => this.driver.acquireConnection()), this.options);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await guarding(this.options, () => this.driver.beginTransaction(innerOf(connection), settings));
    if (connection instanceof GuardedConnection) connection.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const guarded = connection instanceof GuardedConnection ? connection : undefined;
    try {
      if (guarded === undefined) await guarding(this.options, () => this.driver.commitTransaction(connection));
      else await guarded.commit(() => this.driver.commitTransaction(guarded.inner));
    } finally {
      if (guarded !== undefined) guarded.inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.driver.rollbackTransaction(innerOf(connection));
    } catch (error) {
      // A connection that cannot roll back is closed when released, which rolls back on the server; the
      // caller's own error (the one that made it roll back) is the one worth reporting.
      if (!(translated(this.options, error) instanceof StorageUnavailable)) throw error;
    } finally {
      if (connection instanceof GuardedConnection) connection.inTransaction = false;
    }
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.driver.releaseConnection(innerOf(connection));
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}

/**
 * The dialect with its driver's faults (refused or lost connections, timed-out statements) thrown as
 * `StorageUnavailable`, and a commit lost on its way thrown as `StorageOutcomeUnknown`. Kysely gives no
 * hook for errors, so the driver and each connection it hands out are wrapped. `watch` hears of every
 * fault and every successful statement.
 */
export const guardedDialect = (dialect: Dialect, options: GuardOptions): Dialect => ({
  createQueryCompiler: () => dialect.createQueryCompiler(),
  createAdapter: () => dialect.createAdapter(),
  createIntrospector: (db) => dialect.createIntrospector(db),
  createDriver: (): Driver => new GuardedDriver(dialect.createDriver(), options),
});
