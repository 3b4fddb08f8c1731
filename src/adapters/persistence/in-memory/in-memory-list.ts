import type { ListedPage } from '../../../application/ports/listed-page.js';
import type { FilterCondition } from '../../../domain/query/filter.js';
import { COUNT_CAP, type PageRequest } from '../../../domain/query/page.js';
import { newestFirst } from './newest-first.js';

const matches = <F extends string>(value: string | undefined, condition: FilterCondition<F>): boolean =>
  value !== undefined && (condition.op === 'eq' ? value === condition.value : condition.values.includes(value));

/**
 * Filters (every condition must hold), orders newest first and cuts one page. Counts as the SQL
 * storage does: up to the cap, unless `exactWhenUnfiltered` and there is no filter.
 */
export const pageOf = <A extends { readonly id: string }, F extends string>(
  records: Iterable<A>,
  query: { readonly page: PageRequest; readonly filter: readonly FilterCondition<F>[] },
  fieldOf: (record: A, field: F) => string | undefined,
  createdAt: (record: A) => Date,
  exactWhenUnfiltered = false,
): ListedPage<A> => {
  const matching = [...records]
    .filter((record) => query.filter.every((condition) => matches(fieldOf(record, condition.field), condition)))
    .sort((a, b) => newestFirst({ id: a.id, createdAt: createdAt(a) }, { id: b.id, createdAt: createdAt(b) }));
  const items = matching.slice(query.page.offset, query.page.offset + query.page.limit);
  if ((exactWhenUnfiltered && query.filter.length === 0) || matching.length < COUNT_CAP) return { items, total: matching.length, totalMethod: 'exact' };
  return { items, total: COUNT_CAP, totalMethod: 'lower_bound' };
};
