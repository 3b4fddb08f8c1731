import type { Page } from '../../../domain/query/page.js';
import { listMeta } from '../documents/list-meta.js';
import { baseUrlOf, type HttpContext } from '../http-state.js';
import { listLinks } from '../list-links.js';

/** `data`, `links` and `meta` of every list; `meta` carries what a list adds of its own beside paging. */
export const listDocument = <A, R>(ctx: HttpContext, baseUrl: string | undefined, found: Page<A>, resource: (item: A) => R, meta: object = {}) => ({
  data: found.items.map(resource),
  links: listLinks(baseUrlOf(ctx, baseUrl), ctx.path, new URLSearchParams(ctx.querystring), found.page, found.total),
  meta: { ...listMeta(found.page, found.total, found.totalMethod), ...meta },
});
