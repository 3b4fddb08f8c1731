import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { issues } from '../shared/errors.js';
import { integerTextInRange } from '../shared/integer.js';
import { type Parsed, parseAll } from '../shared/validation.js';
import { type QueryParams, singleParam } from './query-params.js';

export const PAGE_OFFSET_MAX = 10_000;
export const PAGE_LIMIT_MIN = 1;
export const PAGE_LIMIT_MAX = 100;

/** One past the furthest record a page can reach: counting further cannot change any page or link. */
export const COUNT_CAP = PAGE_OFFSET_MAX + PAGE_LIMIT_MAX + 1;

/** A window into a list: `offset` records skipped, at most `limit` returned. */
export interface PageWindow {
  readonly offset: number;
  readonly limit: number;
}

export interface PageRequestBrand {
  readonly PageRequest: unique symbol;
}

const within = (n: number, min: number, max: number): boolean => Number.isInteger(n) && n >= min && n <= max;

/** A window within the limits, so that no caller of a port can ask for a million records. */
export const PageRequest = t.brand(
  t.readonly(t.type({ offset: t.number, limit: t.number })),
  (w): w is t.Branded<PageWindow, PageRequestBrand> =>
    within(w.offset, 0, PAGE_OFFSET_MAX) && within(w.limit, PAGE_LIMIT_MIN, PAGE_LIMIT_MAX),
  'PageRequest',
);
export type PageRequest = t.TypeOf<typeof PageRequest>;

const pageParam = (params: QueryParams, name: string, min: number, max: number, fallback: number): Parsed<number> => {
  const raw = singleParam(params, name);
  if (E.isLeft(raw)) return raw;
  return raw.right === undefined ? E.right(fallback) : integerTextInRange(min, max)(name)(raw.right);
};

/** Reads `page[offset]` (0..10000) and `page[limit]` (1..100, else the store's page length). */
export const parsePageRequest = (params: QueryParams, defaultLimit: number): Parsed<PageRequest> =>
  E.flatMap((w: PageWindow) =>
    PageRequest.is(w)
      ? E.right(w)
      : E.left(issues('page[limit]', `must be between ${PAGE_LIMIT_MIN} and ${PAGE_LIMIT_MAX}`)),
  )(
    parseAll({
      offset: pageParam(params, 'page[offset]', 0, PAGE_OFFSET_MAX, 0),
      limit: pageParam(params, 'page[limit]', PAGE_LIMIT_MIN, PAGE_LIMIT_MAX, defaultLimit),
    }),
  );

/** What a list response says about its position: `current` is 1-based, `total` counts pages. */
export interface PageMeta {
  readonly limit: number;
  readonly offset: number;
  readonly current: number;
  readonly total: number;
}

export const pageMeta = (page: PageWindow, resultsTotal: number): PageMeta => ({
  limit: page.limit,
  offset: page.offset,
  current: Math.floor(page.offset / page.limit) + 1,
  total: Math.ceil(resultsTotal / page.limit),
});

/** Offsets of the neighbouring pages; null where there is no such page or it lies past the offset limit. */
export interface PageOffsets {
  readonly current: number;
  readonly first: number;
  readonly last: number;
  readonly next: number | null;
  readonly prev: number | null;
}

export const pageOffsets = (page: PageWindow, resultsTotal: number): PageOffsets => {
  const lastStart = Math.max(0, Math.ceil(resultsTotal / page.limit) - 1) * page.limit;
  const last = Math.min(lastStart, Math.floor(PAGE_OFFSET_MAX / page.limit) * page.limit);
  const nextOffset = page.offset + page.limit;
  return {
    current: page.offset,
    first: 0,
    last,
    next: nextOffset < resultsTotal && nextOffset <= PAGE_OFFSET_MAX ? nextOffset : null,
    prev: page.offset === 0 ? null : Math.max(0, page.offset - page.limit),
  };
};

/** `exact` when every match was counted; `lower_bound` when counting stopped at the cap. */
export const TOTAL_METHODS = ['exact', 'lower_bound'] as const;
export type TotalMethod = (typeof TOTAL_METHODS)[number];

/**
 * How a list's total is counted: an unfiltered list of records whose store keeps a running count is
 * read from that count, exactly; every other list is counted up to COUNT_CAP.
 */
export type Counting = 'exact' | 'capped';

export const countingOf = (filter: readonly unknown[], keepsRunningCount: boolean): Counting =>
  keepsRunningCount && filter.length === 0 ? 'exact' : 'capped';

/** One page of a list, the window it was cut with, and how many records match in all. */
export interface Page<A> {
  readonly items: readonly A[];
  readonly page: PageRequest;
  readonly total: number;
  readonly totalMethod: TotalMethod;
  /** On a cursor page only: whether a record follows its last item. */
  readonly more?: boolean;
}

/** A page from `counted` matches, counted as `counting` says: a capped count that reached the cap is a lower bound. */
export const pageOf = <A>(items: readonly A[], page: PageRequest, counted: number, counting: Counting): Page<A> =>
  counting === 'capped' && counted >= COUNT_CAP
    ? { items, page, total: COUNT_CAP, totalMethod: 'lower_bound' }
    : { items, page, total: counted, totalMethod: 'exact' };

/** One page of a list held whole in memory, counted as `counting` says. */
export const pageOfAll = <A>(all: readonly A[], page: PageRequest, counting: Counting = 'exact'): Page<A> =>
  pageOf(all.slice(page.offset, page.offset + page.limit), page, all.length, counting);
