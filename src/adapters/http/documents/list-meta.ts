import { pageMeta, type PageRequest } from '../../../domain/query/page.js';

/** `meta.page` and `meta.results` of every list, present even when nothing matches. */
export const listMeta = (page: PageRequest, total: number) => ({
  page: pageMeta(page, total),
  results: { total },
});
