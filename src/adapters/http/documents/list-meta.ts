import { type PageWindow, pageMeta, type TotalMethod } from '../../../domain/query/page.js';

/**
 * `meta.page` and `meta.results` of every list, present even when nothing matches. `results.total_method`
 * says whether the total was counted in full or stopped at the cap, EPCC's convention.
 */
export const listMeta = (page: PageWindow, total: number, totalMethod: TotalMethod) => ({
  page: pageMeta(page, total),
  results: { total, total_method: totalMethod },
});
