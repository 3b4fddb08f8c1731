import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type * as t from 'io-ts';
import { parseAll, type Parsed } from '../shared/validation.js';
import { checkFilterValues, parseFilter, type FilterCondition, type FilterRules, type FilterValues } from './filter.js';
import { parseInclude } from './include.js';
import { parsePageRequest, type PageRequest } from './page.js';
import { singleParam, type QueryParams } from './query-params.js';

export interface ListQueryBrand {
  readonly ListQuery: unique symbol;
}

/**
 * What a list endpoint was asked for: one page of the records matching every condition, with the named
 * relations. Only `parseListQuery` makes one, so every filter and include in it is one the list allows.
 */
export type ListQuery<F extends string = never, I extends string = never> = t.Branded<
  {
    readonly page: PageRequest;
    readonly filter: readonly FilterCondition<F>[];
    readonly include: ReadonlySet<I>;
  },
  ListQueryBrand
>;

/** What one list accepts: a list without filter rules ignores `filter`, one without include rules ignores `include`. */
export interface ListRules<F extends string = never, I extends string = never> {
  readonly filter?: FilterRules<F>;
  /** The values of the fields that take only some. */
  readonly values?: FilterValues<F>;
  readonly include?: readonly I[];
}

export const parseListQuery = <F extends string = never, I extends string = never>(
  params: QueryParams,
  rules: ListRules<F, I> & { readonly defaultLimit: number },
): Parsed<ListQuery<F, I>> =>
  E.map((query: Readonly<{ page: PageRequest; filter: readonly FilterCondition<F>[]; include: ReadonlySet<I> }>) => query as ListQuery<F, I>)(
    parseAll({
      page: parsePageRequest(params, rules.defaultLimit),
      filter: pipe(
        singleParam(params, 'filter'),
        E.flatMap((raw): Parsed<readonly FilterCondition<F>[]> => (raw === undefined || rules.filter === undefined ? E.right([]) : parseFilter(raw, rules.filter))),
        E.flatMap((conditions) => checkFilterValues(conditions, rules.values ?? {})),
      ),
      include: pipe(
        singleParam(params, 'include'),
        E.flatMap((raw): Parsed<ReadonlySet<I>> => (raw === undefined || rules.include === undefined ? E.right(new Set()) : parseInclude(raw, rules.include))),
      ),
    }),
  );
