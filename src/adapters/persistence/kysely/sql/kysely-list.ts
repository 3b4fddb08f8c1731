import { DynamicModule, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { type FilterCondition, likeSegments } from '../../../../domain/query/filter.js';
import { NEWEST_FIRST, OLDEST_FIRST, type Ordered } from '../../../../domain/query/order.js';
import { COUNT_CAP, type PageRequest } from '../../../../domain/query/page.js';
import { lookupKey } from '../engine/lookup-key.js';
import type { Tables } from '../engine/schema.js';
import { toNumber } from '../engine/sql-flavor.js';

/** The column a filter field compares, and the indexed hash column beside it for long text. */
export interface FilterColumn {
  readonly column: string;
  readonly key?: string;
  /** The column's value for the filter's text, when it is not text (a boolean column: `true`, `false`). */
  readonly value?: (text: string) => unknown;
}

/** A boolean column, compared with the filter's `true` or `false`. */
export const booleanColumn = (column: string): FilterColumn => ({ column, value: (text) => text === 'true' });

// The helpers serve every list table, so their columns are names known at run time, not typed references.
const dynamic = new DynamicModule<Tables>();

/** One column compared with a list of values, or matched against a `like` pattern: the terms of a filter, all of which must hold. */
export type FilterTerm =
  | { readonly column: string; readonly values: readonly unknown[] }
  | { readonly column: string; readonly like: string }
  | { readonly column: string; readonly compare: '>' | '<'; readonly value: unknown };

/**
 * The values an exact condition compares with. A list whose columns are only ever compared exactly (hashed
 * references) takes no `like` in its rules; reaching one here is a mistake in those rules.
 */
export const exactValues = <F extends string>(condition: FilterCondition<F>): readonly string[] => {
  if (condition.op === 'in') return condition.values;
  if (condition.op !== 'eq')
    throw new Error(`this list compares ${condition.field} exactly; it takes no ${condition.op}`);
  return [condition.value];
};

/** `!` escapes LIKE's own wildcards and itself: a character both dialects take as the escape without quoting rules. */
const LIKE_ESCAPE = '!';
const likeLiteral = (text: string): string => text.replace(/[!%_]/g, (c) => `${LIKE_ESCAPE}${c}`);

/** A `like` pattern in SQL: its fixed parts taken literally, each `*` any run of characters. */
export const sqlLikePattern = (pattern: string): string => likeSegments(pattern).map(likeLiteral).join('%');

/**
 * A filter's terms in SQL order; a hashed column is matched on its index first, then on the text itself.
 * A `like` cannot use the hash: it is matched on the text, within the rows the list's other terms and order
 * index leave.
 */
export const filterTerms = <F extends string>(
  conditions: readonly FilterCondition<F>[],
  columns: Readonly<Record<F, FilterColumn>>,
): FilterTerm[] =>
  conditions.flatMap((condition): FilterTerm[] => {
    const { column, key, value } = columns[condition.field];
    if (condition.op === 'like') return [{ column, like: sqlLikePattern(condition.value) }];
    if (condition.op === 'gt' || condition.op === 'lt') {
      const compared = value === undefined ? condition.value : value(condition.value);
      return [{ column, compare: condition.op === 'gt' ? '>' : '<', value: compared }];
    }
    const values = [...new Set(exactValues(condition))];
    const text = { column, values: value === undefined ? values : values.map(value) };
    return key === undefined ? [text] : [{ column: key, values: values.map(lookupKey) }, text];
  });

/** Every term must hold. */
export const matchingTerms =
  (terms: readonly FilterTerm[]) =>
  <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) =>
    eb.and(
      terms.map((term) =>
        'like' in term
          ? sql<boolean>`${dynamic.ref(term.column)} like ${term.like} escape ${sql.lit(LIKE_ESCAPE)}`
          : 'compare' in term
            ? eb(dynamic.ref(term.column), term.compare, term.value)
            : eb(dynamic.ref(term.column), 'in', [...term.values]),
      ),
    );

/** Every condition must hold. */
export const matching =
  <F extends string>(conditions: readonly FilterCondition<F>[], columns: Readonly<Record<F, FilterColumn>>) =>
  <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) =>
    matchingTerms(filterTerms(conditions, columns))(eb);

/** Every list table stores the ordering fields in these columns, and each list index is built for this order. */
const ORDER_COLUMNS: Readonly<Record<keyof Ordered, string>> = { createdAt: 'created_at', id: 'id' };

/** An ordering column, qualified by `table` when the query joins. */
const orderColumn = (key: keyof Ordered, table: string | undefined) =>
  dynamic.ref(table === undefined ? ORDER_COLUMNS[key] : `${table}.${ORDER_COLUMNS[key]}`);

/** NEWEST_FIRST in SQL; `table` qualifies the columns when the query joins. */
export const newestFirst = <DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  table?: string,
): SelectQueryBuilder<DB, TB, O> =>
  NEWEST_FIRST.reduce((q, { key, direction }) => q.orderBy(orderColumn(key, table), direction), query);

/** OLDEST_FIRST in SQL. */
export const oldestFirst = <DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  table?: string,
): SelectQueryBuilder<DB, TB, O> =>
  OLDEST_FIRST.reduce((q, { key, direction }) => q.orderBy(orderColumn(key, table), direction), query);

/** One page in NEWEST_FIRST order. */
export const pageNewestFirst = <DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
): SelectQueryBuilder<DB, TB, O> => newestFirst(query).limit(page.limit).offset(page.offset);

/**
 * The records after `position` in one order, as a range of the list index (store_id, created_at, id): the
 * leading `created_at` bound is what MariaDB needs to seek rather than scan, the rest cuts the tie.
 */
const afterIn =
  (bound: '<=' | '>=', beyond: '<' | '>') =>
  (position: Ordered, table?: string) =>
  <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => {
    const column = (key: keyof Ordered) => orderColumn(key, table);
    return eb.and([
      eb(column('createdAt'), bound, position.createdAt),
      eb.or([eb(column('createdAt'), beyond, position.createdAt), eb(column('id'), beyond, position.id)]),
    ]);
  };

/** The records after `position` in NEWEST_FIRST order. */
export const afterNewestFirst = afterIn('<=', '<');

/** The records after `position` in OLDEST_FIRST order. */
export const afterOldestFirst = afterIn('>=', '>');

/** One page in OLDEST_FIRST order. */
export const pageOldestFirst = <DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
): SelectQueryBuilder<DB, TB, O> => oldestFirst(query).limit(page.limit).offset(page.offset);

/** The number of matches up to the cap, as a query of one row and one column `n`, to run alone or as a subquery. */
export const cappedTotal = <DB, TB extends keyof DB, O>(db: Kysely<Tables>, filtered: SelectQueryBuilder<DB, TB, O>) =>
  db
    .selectFrom(filtered.select(sql<number>`1`.as('one')).limit(COUNT_CAP).as('capped'))
    .select((eb) => eb.fn.countAll().as('n'));

/** Counts matches up to the cap; `pageOf` reads a count at the cap as a lower bound. */
export const cappedCount = async <DB, TB extends keyof DB, O>(
  db: Kysely<Tables>,
  filtered: SelectQueryBuilder<DB, TB, O>,
): Promise<number> => toNumber((await cappedTotal(db, filtered).executeTakeFirstOrThrow()).n);
