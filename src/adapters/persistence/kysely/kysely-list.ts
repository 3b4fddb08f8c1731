import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ListedPage, TotalMethod } from '../../../application/ports/listed-page.js';
import type { FilterCondition } from '../../../domain/query/filter.js';
import { COUNT_CAP, type PageRequest } from '../../../domain/query/page.js';
import { lookupKey } from './lookup-key.js';
import type { Tables } from './schema.js';
import { toNumber } from './sql-flavor.js';

/** The column a filter field compares, and the indexed hash column beside it for long text. */
export interface FilterColumn {
  readonly column: string;
  readonly key?: string;
}

/** Every condition must hold; a hashed column is matched on its index first, then on the text itself. */
export const matching =
  <F extends string>(conditions: readonly FilterCondition<F>[], columns: Readonly<Record<F, FilterColumn>>) =>
  (eb: ExpressionBuilder<any, any>) =>
    eb.and(
      conditions.flatMap((condition) => {
        const values = condition.op === 'eq' ? [condition.value] : [...new Set(condition.values)];
        const { column, key } = columns[condition.field];
        const text = eb(eb.ref(column), 'in', values);
        return key === undefined ? [text] : [eb(eb.ref(key), 'in', values.map(lookupKey)), text];
      }),
    );

/** Newest first with the id as a tie-breaker: the order every list index is built for. */
export const newestFirst = <Q extends SelectQueryBuilder<any, any, any>>(query: Q, page: PageRequest): Q =>
  query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset) as Q;

/** Counts matches up to the cap: exact below it, a lower bound at it. */
export const cappedCount = async (
  db: Kysely<Tables>,
  filtered: SelectQueryBuilder<any, any, any>,
): Promise<{ readonly total: number; readonly totalMethod: TotalMethod }> => {
  const capped = filtered.select(sql<number>`1`.as('one')).limit(COUNT_CAP).as('capped');
  const row = await db.selectFrom(capped).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const total = toNumber(row.n);
  return { total, totalMethod: total >= COUNT_CAP ? 'lower_bound' : 'exact' };
};

export const listedPage = <A>(items: readonly A[], counted: { readonly total: number; readonly totalMethod: TotalMethod }): ListedPage<A> => ({
  items,
  ...counted,
});
