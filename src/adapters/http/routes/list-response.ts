import type { ListedPage } from '../../../application/ports/listed-page.js';
import type { PageRequest } from '../../../domain/query/page.js';
import { listMeta } from '../documents/list-meta.js';
import { baseUrlOf, type HttpContext } from '../http-state.js';
import { listLinks } from '../list-links.js';

/** `data`, `links` and `meta` of a list whose total may be capped. */
export const listDocument = <A, R>(ctx: HttpContext, baseUrl: string | undefined, found: ListedPage<A> & { readonly page: PageRequest }, resource: (item: A) => R) => ({
  data: found.items.map(resource),
  links: listLinks(baseUrlOf(ctx, baseUrl), ctx.path, new URLSearchParams(ctx.querystring), found.page, found.total),
  meta: listMeta(found.page, found.total, found.totalMethod),
});
