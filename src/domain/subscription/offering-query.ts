import type { FilterRules } from '../query/filter.js';
import type { ListQuery, ListRules } from '../query/list-query.js';

/**
 * Offerings are filtered on their own external reference, as products and plans are, and, as in EPCC, on
 * the proration policy they use.
 */
const OFFERING_FILTERS = { external_ref: ['eq', 'in'], proration_policy_id: ['eq', 'in'] } as const satisfies FilterRules<string>;
export type OfferingFilterField = keyof typeof OFFERING_FILTERS;

export const OFFERING_LIST: ListRules<OfferingFilterField> = { filter: OFFERING_FILTERS, include: [] };
export type OfferingQuery = ListQuery<OfferingFilterField>;
