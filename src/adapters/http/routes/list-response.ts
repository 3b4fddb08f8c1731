import type { Page } from '../../../domain/query/page.js';
import { listMeta } from '../documents/list-meta.js';
import type { HttpContext } from '../http-state.js';
import type { LinkOrigin } from '../link-origin.js';
import { cursorLinks, listLinks } from '../list-links.js';

/** `links` and `meta` of every list; `meta` carries what a list adds of its own beside paging. */
export const listFrame = (ctx: HttpContext, links: LinkOrigin, found: Page<unknown>, meta: object = {}) => ({
  links: listLinks(links(ctx), ctx.path, new URLSearchParams(ctx.querystring), found.page, found.total),
  meta: { ...listMeta(found.page, found.total, found.totalMethod), ...meta },
});

/** `data`, `links` and `meta` of every list. */
export const listDocument = <A, R>(
  ctx: HttpContext,
  links: LinkOrigin,
  found: Page<A>,
  resource: (item: A) => R,
  meta: object = {},
) => ({ data: found.items.map(resource), ...listFrame(ctx, links, found, meta) });

/**
 * `links` and `meta` of a cursor page: `meta.page` has the page length and the `page[after]` it was read
 * with (no offset or page number: a walk has none), `meta.results` counts as offset pages do.
 */
export const cursorListFrame = (
  ctx: HttpContext,
  links: LinkOrigin,
  found: Page<unknown>,
  tokens: { readonly current: string; readonly next: string | null },
) => ({
  links: cursorLinks(links(ctx), ctx.path, new URLSearchParams(ctx.querystring), found.page.limit, tokens),
  meta: {
    page: { limit: found.page.limit, after: tokens.current },
    results: { total: found.total, total_method: found.totalMethod },
  },
});

/** `data`, `links` and `meta` of a cursor page. */
export const cursorListDocument = <A, R>(
  ctx: HttpContext,
  links: LinkOrigin,
  found: Page<A>,
  tokens: { readonly current: string; readonly next: string | null },
  resource: (item: A) => R,
) => ({ data: found.items.map(resource), ...cursorListFrame(ctx, links, found, tokens) });
