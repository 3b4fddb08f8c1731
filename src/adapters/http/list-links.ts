import { type PageWindow, pageOffsets } from '../../domain/query/page.js';

export interface ListLinks {
  readonly current: string;
  readonly first: string;
  readonly last: string;
  readonly next: string | null;
  readonly prev: string | null;
}

/** Query parameters a list link carries over from the request; paging is rewritten for each link. */
const KEPT_PARAMS = ['filter', 'include'] as const;

/** The links of a cursor page: no `last` (a walk does not know where it ends) and no `prev` (it walks forward). */
export interface CursorLinks {
  readonly current: string;
  readonly first: string;
  readonly next: string | null;
}

const keptParams = (query: URLSearchParams): string[] =>
  KEPT_PARAMS.flatMap((name) => query.getAll(name).map((value) => `${name}=${encodeURIComponent(value)}`));

/** Links of a cursor page, each `page[after]` a token (empty on the first page), keeping the filter, include and page length. */
export const cursorLinks = (
  origin: string,
  path: string,
  query: URLSearchParams,
  limit: number,
  tokens: { readonly current: string; readonly next: string | null },
): CursorLinks => {
  const kept = keptParams(query);
  const link = (after: string): string =>
    `${origin}${path}?${[...kept, `page%5Bafter%5D=${encodeURIComponent(after)}`, `page%5Blimit%5D=${limit}`].join('&')}`;
  return { current: link(tokens.current), first: link(''), next: tokens.next === null ? null : link(tokens.next) };
};

/**
 * Absolute links to the neighbouring pages, each a valid RFC 3986 URI (EPCC's schemas declare
 * `format: uri`): the brackets of `page[...]` and the kept parameters' values are percent-encoded.
 * Requests are read with brackets either way, so a client may follow a link or write its own.
 */
export const listLinks = (
  origin: string,
  path: string,
  query: URLSearchParams,
  page: PageWindow,
  total: number,
): ListLinks => {
  const kept = keptParams(query);
  const link = (offset: number): string =>
    `${origin}${path}?${[...kept, `page%5Boffset%5D=${offset}`, `page%5Blimit%5D=${page.limit}`].join('&')}`;
  const offsets = pageOffsets(page, total);
  return {
    current: link(offsets.current),
    first: link(offsets.first),
    last: link(offsets.last),
    next: offsets.next === null ? null : link(offsets.next),
    prev: offsets.prev === null ? null : link(offsets.prev),
  };
};
