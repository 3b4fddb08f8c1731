import type { FilterRules } from '../query/filter.js';
import type { ListQuery, ListRules } from '../query/list-query.js';

/**
 * Offerings are filtered on their own external reference, as products and plans are, and, as in EPCC,
 * with `in` on `external_product_refs`: offerings holding a product copy with one of these references;
 * and on the proration policy they use.
 */
const OFFERING_FILTERS = {
  external_ref: ['eq', 'in'],
  external_product_refs: ['in'],
  proration_policy_id: ['eq', 'in'],
} as const satisfies FilterRules<string>;
export type OfferingFilterField = keyof typeof OFFERING_FILTERS;

/** The copies an offering response can embed in `included`. */
export const OFFERING_INCLUDES = ['plans', 'products'] as const;
export type OfferingInclude = (typeof OFFERING_INCLUDES)[number];

export const OFFERING_LIST: ListRules<OfferingFilterField, OfferingInclude> = {
  filter: OFFERING_FILTERS,
  include: OFFERING_INCLUDES,
};
export type OfferingQuery = ListQuery<OfferingFilterField, OfferingInclude>;
