import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type * as t from 'io-ts';
import { issues } from '../shared/errors.js';
import { type Parsed, parseAll } from '../shared/validation.js';
import { type CursorStart, cursorBinding, PAGE_AFTER, parseCursorStart } from './cursor.js';
import {
  checkFilterInstants,
  checkFilterValues,
  type FilterCondition,
  type FilterRules,
  type FilterValues,
  parseFilter,
} from './filter.js';
import { parseInclude } from './include.js';
import { type PageRequest, parsePageRequest } from './page.js';
import { type QueryParams, singleParam } from './query-params.js';

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
    /** Present when the client asked for cursor paging (`page[after]`); `page.offset` is then 0. */
    readonly after?: CursorStart;
  },
  ListQueryBrand
>;

/** What one list accepts: a list without filter rules ignores `filter`, one without include rules ignores `include`. */
export interface ListRules<F extends string = never, I extends string = never> {
  readonly filter?: FilterRules<F>;
  /** The values of the fields that take only some. */
  readonly values?: FilterValues<F>;
  /** The fields whose values are instants (ISO 8601 with a zone), compared as such by `gt` and `lt`. */
  readonly instants?: readonly F[];
  readonly include?: readonly I[];
  /** The list also pages by cursor when asked with `page[after]`; other lists ignore that parameter. */
  readonly cursor?: true;
  /**
   * The `sort` values the list serves (EPCC's accounts API takes the parameter): any other is refused, so a
   * client never reads an order it did not ask for. A list without them ignores the parameter.
   */
  readonly sort?: readonly string[];
}

/** EPCC's spelling of the one order every list is read in: `created_at`, newest first. */
export const NEWEST_FIRST_SORT = '-created_at';

const checkSort = (params: QueryParams, served: readonly string[] | undefined): Parsed<undefined> =>
  pipe(
    singleParam(params, 'sort'),
    E.flatMap((raw) =>
      raw === undefined || served === undefined || served.includes(raw)
        ? E.right(undefined)
        : E.left(issues('sort', `'${raw}' is not served; this list is read in the order ${served.join(', ')}`)),
    ),
  );

type ListQueryFields<F extends string, I extends string> = Readonly<{
  page: PageRequest;
  filter: readonly FilterCondition<F>[];
  include: ReadonlySet<I>;
  after?: CursorStart;
}>;

/**
 * `page[after]` on a list that pages by cursor: read once the filter and include are known, since a
 * token is bound to them. It cannot be combined with `page[offset]`.
 */
const withCursor = <F extends string, I extends string>(
  params: QueryParams,
  rules: ListRules<F, I>,
  query: ListQueryFields<F, I>,
): Parsed<ListQueryFields<F, I>> => {
  if (rules.cursor !== true) return E.right(query);
  return pipe(
    singleParam(params, PAGE_AFTER),
    E.flatMap((raw): Parsed<ListQueryFields<F, I>> => {
      if (raw === undefined) return E.right(query);
      if (params.has('page[offset]'))
        return E.left(issues('page[offset]', `cannot be combined with ${PAGE_AFTER}: a cursor walk has no offsets`));
      return E.map((after: CursorStart) => ({ ...query, after }))(
        parseCursorStart(raw, cursorBinding(query.filter, query.include)),
      );
    }),
  );
};

export const parseListQuery = <F extends string = never, I extends string = never>(
  params: QueryParams,
  rules: ListRules<F, I> & { readonly defaultLimit: number },
): Parsed<ListQuery<F, I>> =>
  pipe(
    parseAll({
      page: parsePageRequest(params, rules.defaultLimit),
      filter: pipe(
        singleParam(params, 'filter'),
        E.flatMap(
          (raw): Parsed<readonly FilterCondition<F>[]> =>
            raw === undefined || rules.filter === undefined ? E.right([]) : parseFilter(raw, rules.filter),
        ),
        E.flatMap((conditions) => checkFilterValues(conditions, rules.values ?? {})),
        E.flatMap((conditions) => checkFilterInstants(conditions, rules.instants ?? [])),
      ),
      include: pipe(
        singleParam(params, 'include'),
        E.flatMap(
          (raw): Parsed<ReadonlySet<I>> =>
            raw === undefined || rules.include === undefined ? E.right(new Set()) : parseInclude(raw, rules.include),
        ),
      ),
      sort: checkSort(params, rules.sort),
    }),
    E.flatMap(({ sort: _sort, ...query }: ListQueryFields<F, I> & { sort: undefined }) =>
      withCursor(params, rules, query),
    ),
    E.map((query) => query as ListQuery<F, I>),
  );
