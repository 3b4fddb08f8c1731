import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { parseAll, type Parsed } from '../shared/validation.js';
import { parseFilter, type FilterCondition, type FilterRules } from './filter.js';
import { parseInclude } from './include.js';
import { parsePageRequest, type PageRequest } from './page.js';
import { singleParam, type QueryParams } from './query-params.js';

/** What a list endpoint was asked for: one page of the records matching every condition, with the named relations. */
export interface ListQuery<F extends string, I extends string = never> {
  readonly page: PageRequest;
  readonly filter: readonly FilterCondition<F>[];
  readonly include: ReadonlySet<I>;
}

/** What one list endpoint accepts. */
export interface ListQueryRules<F extends string, I extends string> {
  readonly filter: FilterRules<F>;
  readonly include: readonly I[];
  readonly defaultLimit: number;
}

export const parseListQuery = <F extends string, I extends string = never>(
  params: QueryParams,
  rules: ListQueryRules<F, I>,
): Parsed<ListQuery<F, I>> =>
  parseAll({
    page: parsePageRequest(params, rules.defaultLimit),
    filter: pipe(
      singleParam(params, 'filter'),
      E.flatMap((raw): Parsed<readonly FilterCondition<F>[]> => (raw === undefined ? E.right([]) : parseFilter(raw, rules.filter))),
    ),
    include: pipe(
      singleParam(params, 'include'),
      E.flatMap((raw) => parseInclude(raw, rules.include)),
    ),
  });
