import type { TotalMethod } from '../../../application/ports/listed-page.js';
import { pageMeta, type PageRequest } from '../../../domain/query/page.js';

/**
 * `meta.page` and `meta.results` of every list, present even when nothing matches. Lists that may stop
 * counting at a cap say so in `results.total_method`, EPCC's convention.
 */
export const listMeta = (page: PageRequest, total: number, totalMethod?: TotalMethod) => ({
  page: pageMeta(page, total),
  results: { total, ...(totalMethod === undefined ? {} : { total_method: totalMethod }) },
});
