/**
 * How the benchmarks load a large subscriptions table in bulk, on every backend: which ids the rows get,
 * and which of the table's indexes are built after the load rather than row by row.
 */
import { type Kysely, sql } from 'kysely';
import type { Tables } from '../src/adapters/persistence/kysely/engine/schema.js';
import { timeOrderedIds } from '../src/adapters/system/time-ordered-ids.js';
import type { Uuid } from '../src/domain/shared/uuid.js';
import type { Backend } from './common.js';

/**
 * The subscriptions' ids: the service's own, time-ordered (UUIDv7), so that a seeded table is laid out as
 * one the API filled. On MySQL and MariaDB the table is stored in its primary key's order, and ids made in
 * order append every row to its end; random ids put each row on a random page of a table far larger than
 * the buffer pool, read back from disk before it is written.
 */
export const subscriptionIds = (): (() => Uuid) => {
  const ids = timeOrderedIds();
  return () => ids.uuid();
};

/** A secondary index of the subscriptions table, as MySQL reports it. */
export interface DeferredIndex {
  readonly name: string;
  readonly columns: readonly string[];
}

/**
 * On MySQL and MariaDB the subscriptions' lookup indexes are dropped before the load and built after it,
 * from the sorted rows, instead of each row landing on a random page of each of them (hashed lookup keys).
 * The indexes a foreign key needs stay: the list's order index, which leads with the store, and the
 * offering version's.
 */
const DEFERRED_INDEXES = [
  'subscriptions_account',
  'subscriptions_email',
  'subscriptions_external_ref',
  'subscriptions_name',
];

/** Drops the deferred indexes on MySQL and MariaDB, and tells `rebuildIndexes` what they were; elsewhere nothing. */
export const deferIndexes = async (db: Kysely<Tables>, backend: Backend): Promise<readonly DeferredIndex[]> => {
  if (backend !== 'mysql') return [];
  const { rows } = await sql<{ name: string; column_name: string }>`select index_name as name, column_name
    from information_schema.statistics where table_schema = database() and table_name = 'subscriptions'
    order by index_name, seq_in_index`.execute(db);
  const deferred = DEFERRED_INDEXES.map((name) => ({
    name,
    columns: rows.filter((r) => r.name === name).map((r) => r.column_name),
  }));
  const missing = deferred.find((d) => d.columns.length === 0);
  if (missing !== undefined) throw new Error(`the subscriptions table has no index ${missing.name}`);
  await sql`alter table subscriptions ${sql.join(deferred.map((d) => sql`drop index ${sql.ref(d.name)}`))}`.execute(db);
  return deferred;
};

export const rebuildIndexes = async (db: Kysely<Tables>, deferred: readonly DeferredIndex[]): Promise<void> => {
  if (deferred.length === 0) return;
  await sql`alter table subscriptions ${sql.join(
    deferred.map((d) => sql`add index ${sql.ref(d.name)} (${sql.join(d.columns.map((c) => sql.ref(c)))})`),
  )}`.execute(db);
};
