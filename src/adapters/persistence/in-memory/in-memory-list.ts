import { type FilterCondition, likeMatches } from '../../../domain/query/filter.js';
import type { ListQuery } from '../../../domain/query/list-query.js';
import { newestFirst, type Ordered } from '../../../domain/query/order.js';
import { countingOf, type Page, pageOf, pageOfAll } from '../../../domain/query/page.js';

const matchesOne = <F extends string>(value: string, condition: FilterCondition<F>): boolean => {
  switch (condition.op) {
    case 'eq':
      return value === condition.value;
    case 'in':
      return condition.values.includes(value);
    case 'like':
      return likeMatches(condition.value, value);
    // Only instant fields take them (ListRules.instants), their values checked as such by the parser.
    case 'gt':
      return Date.parse(value) > Date.parse(condition.value);
    case 'lt':
      return Date.parse(value) < Date.parse(condition.value);
  }
};

/** A field holding several values (an offering's product references) matches when any of them does. */
const matches = <F extends string>(
  value: string | readonly string[] | undefined,
  condition: FilterCondition<F>,
): boolean =>
  value === undefined
    ? false
    : typeof value === 'string'
      ? matchesOne(value, condition)
      : value.some((v) => matchesOne(v, condition));

/** How a list reads a record: the text of each filterable field, and what orders it. */
export interface ListedFields<A, F extends string> {
  readonly fields: Readonly<Record<F, (record: A) => string | readonly string[] | undefined>>;
  readonly ordered: (record: A) => Ordered;
  /** Whether the store keeps a running count of these records, as the SQL storage does. */
  readonly keepsRunningCount: boolean;
  /** Newest first unless the list says otherwise. */
  readonly order?: (a: Ordered, b: Ordered) => number;
}

/** Filters (every condition must hold), orders as the list does, cuts one page and counts as the SQL storage does. */
export const listOf = <A, F extends string, I extends string>(
  records: Iterable<A>,
  query: ListQuery<F, I>,
  how: ListedFields<A, F>,
): Page<A> => {
  const matching = [...records]
    .filter((record) => query.filter.every((condition) => matches(how.fields[condition.field](record), condition)))
    .sort((a, b) => (how.order ?? newestFirst)(how.ordered(a), how.ordered(b)));
  const counting = countingOf(query.filter, how.keepsRunningCount);
  const after = query.after;
  if (after === undefined) return pageOfAll(matching, query.page, counting);
  // A cursor page: the records ordered after the cursor's position, whether or not that record still exists.
  const rest =
    after.kind === 'first'
      ? matching
      : matching.filter((record) => (how.order ?? newestFirst)(how.ordered(record), after.position) > 0);
  return {
    ...pageOf(rest.slice(0, query.page.limit), query.page, matching.length, counting),
    more: rest.length > query.page.limit,
  };
};
