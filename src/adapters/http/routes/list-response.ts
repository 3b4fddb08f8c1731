import type { Page } from '../../../domain/query/page.js';
import { listMeta } from '../documents/list-meta.js';
import type { HttpContext } from '../http-state.js';
import type { LinkOrigin } from '../link-origin.js';
import { listLinks } from '../list-links.js';

/** `data`, `links` and `meta` of every list; `meta` carries what a list adds of its own beside paging. */
export const listDocument = <A, R>(ctx: HttpContext, links: LinkOrigin, found: Page<A>, resource: (item: A) => R, meta: object = {}) => ({
  data: found.items.map(resource),
  links: listLinks(links(ctx), ctx.path, new URLSearchParams(ctx.querystring), found.page, found.total),
  meta: { ...listMeta(found.page, found.total, found.totalMethod), ...meta },
});
