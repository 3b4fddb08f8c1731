import type { ListedPage } from '../../../application/ports/listed-page.js';
import type { FilterCondition } from '../../../domain/query/filter.js';
import type { PageRequest } from '../../../domain/query/page.js';
import { newestFirst } from './newest-first.js';

const matches = <F extends string>(value: string | undefined, condition: FilterCondition<F>): boolean =>
  value !== undefined && (condition.op === 'eq' ? value === condition.value : condition.values.includes(value));

/** Filters (every condition must hold), orders newest first and cuts one page, counting every match. */
export const pageOf = <A extends { readonly id: string }, F extends string>(
  records: Iterable<A>,
  query: { readonly page: PageRequest; readonly filter: readonly FilterCondition<F>[] },
  fieldOf: (record: A, field: F) => string | undefined,
  createdAt: (record: A) => Date,
): ListedPage<A> => {
  const matching = [...records]
    .filter((record) => query.filter.every((condition) => matches(fieldOf(record, condition.field), condition)))
    .sort((a, b) => newestFirst({ id: a.id, createdAt: createdAt(a) }, { id: b.id, createdAt: createdAt(b) }));
  return { items: matching.slice(query.page.offset, query.page.offset + query.page.limit), total: matching.length, totalMethod: 'exact' };
};
