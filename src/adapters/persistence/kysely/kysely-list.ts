import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { FilterCondition } from '../../../domain/query/filter.js';
import { NEWEST_FIRST, OLDEST_FIRST, type Ordered } from '../../../domain/query/order.js';
import { COUNT_CAP, type PageRequest } from '../../../domain/query/page.js';
import { lookupKey } from './lookup-key.js';
import type { Tables } from './schema.js';
import { toNumber } from './sql-flavor.js';

/** The column a filter field compares, and the indexed hash column beside it for long text. */
export interface FilterColumn {
  readonly column: string;
  readonly key?: string;
  /** The column's value for the filter's text, when it is not text (a boolean column: `true`, `false`). */
  readonly value?: (text: string) => unknown;
}

/** A boolean column, compared with the filter's `true` or `false`. */
export const booleanColumn = (column: string): FilterColumn => ({ column, value: (text) => text === 'true' });

/** Every condition must hold; a hashed column is matched on its index first, then on the text itself. */
export const matching =
  <F extends string>(conditions: readonly FilterCondition<F>[], columns: Readonly<Record<F, FilterColumn>>) =>
  (eb: ExpressionBuilder<any, any>) =>
    eb.and(
      conditions.flatMap((condition) => {
        const values = condition.op === 'eq' ? [condition.value] : [...new Set(condition.values)];
        const { column, key, value } = columns[condition.field];
        const text = eb(eb.ref(column), 'in', value === undefined ? values : values.map(value));
        return key === undefined ? [text] : [eb(eb.ref(key), 'in', values.map(lookupKey)), text];
      }),
    );

/** Every list table stores the ordering fields in these columns, and each list index is built for this order. */
const ORDER_COLUMNS: Readonly<Record<keyof Ordered, string>> = { createdAt: 'created_at', id: 'id' };

/** NEWEST_FIRST in SQL; `table` qualifies the columns when the query joins. */
export const newestFirst = <Q extends SelectQueryBuilder<any, any, any>>(query: Q, table?: string): Q =>
  NEWEST_FIRST.reduce<Q>(
    (q, { key, direction }) =>
      q.orderBy(table === undefined ? ORDER_COLUMNS[key] : `${table}.${ORDER_COLUMNS[key]}`, direction) as Q,
    query,
  );

/** OLDEST_FIRST in SQL. */
export const oldestFirst = <Q extends SelectQueryBuilder<any, any, any>>(query: Q, table?: string): Q =>
  OLDEST_FIRST.reduce<Q>(
    (q, { key, direction }) =>
      q.orderBy(table === undefined ? ORDER_COLUMNS[key] : `${table}.${ORDER_COLUMNS[key]}`, direction) as Q,
    query,
  );

/** One page in NEWEST_FIRST order. */
export const pageNewestFirst = <Q extends SelectQueryBuilder<any, any, any>>(query: Q, page: PageRequest): Q =>
  newestFirst(query).limit(page.limit).offset(page.offset) as Q;

/**
 * The records after `position` in NEWEST_FIRST order, as a range of the list index (store_id, created_at,
 * id): the leading `created_at <=` bound is what MariaDB needs to seek rather than scan, the rest cuts the tie.
 */
export const afterNewestFirst = (position: Ordered, table?: string) => (eb: ExpressionBuilder<any, any>) => {
  const column = (key: keyof Ordered) =>
    eb.ref(table === undefined ? ORDER_COLUMNS[key] : `${table}.${ORDER_COLUMNS[key]}`);
  return eb.and([
    eb(column('createdAt'), '<=', position.createdAt),
    eb.or([eb(column('createdAt'), '<', position.createdAt), eb(column('id'), '<', position.id)]),
  ]);
};

/** One page in OLDEST_FIRST order. */
export const pageOldestFirst = <Q extends SelectQueryBuilder<any, any, any>>(query: Q, page: PageRequest): Q =>
  oldestFirst(query).limit(page.limit).offset(page.offset) as Q;

/** The number of matches up to the cap, as a query of one row and one column `n`, to run alone or as a subquery. */
export const cappedTotal = (db: Kysely<Tables>, filtered: SelectQueryBuilder<any, any, any>) =>
  db
    .selectFrom(filtered.select(sql<number>`1`.as('one')).limit(COUNT_CAP).as('capped'))
    .select((eb) => eb.fn.countAll().as('n'));

/** Counts matches up to the cap; `pageOf` reads a count at the cap as a lower bound. */
export const cappedCount = async (db: Kysely<Tables>, filtered: SelectQueryBuilder<any, any, any>): Promise<number> =>
  toNumber((await cappedTotal(db, filtered).executeTakeFirstOrThrow()).n);
