import type { FilterRules } from '../query/filter.js';
import type { ListQuery, ListRules } from '../query/list-query.js';
import type { SubscriptionsGeneration } from '../settings/subscriptions-generation.js';

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
type OfferingFilterField2024 = keyof typeof OFFERING_FILTERS;

/** 2025's name for `external_product_refs` (its plans are the offering's products), with `eq` as well as `in`. */
const PLANS_EXTERNAL_REF = 'plans.external_ref';

/** Every field an offering list may be filtered on, in either generation. */
export type OfferingFilterField = OfferingFilterField2024 | typeof PLANS_EXTERNAL_REF;

/** The fields that match offerings holding a product with one of the given references. */
export const HELD_PRODUCT_REF_FILTERS: readonly OfferingFilterField[] = ['external_product_refs', PLANS_EXTERNAL_REF];

/** The copies an offering response can embed in `included`. */
export const OFFERING_INCLUDES = ['plans', 'products'] as const;
export type OfferingInclude = (typeof OFFERING_INCLUDES)[number];

export const OFFERING_LIST: ListRules<OfferingFilterField2024, OfferingInclude> = {
  filter: OFFERING_FILTERS,
  include: OFFERING_INCLUDES,
};

/**
 * What a 2025 offering embeds: its products as `plans`, its plans as `pricing_options`, and its features.
 */
export const OFFERING_INCLUDES_2025 = ['plans', 'pricing_options', 'features'] as const;
export type OfferingInclude2025 = (typeof OFFERING_INCLUDES_2025)[number];

/** The filter fields of offerings in each generation. */
export type OfferingFilterOf<G extends SubscriptionsGeneration> = G extends '2025'
  ? Exclude<OfferingFilterField, 'external_product_refs'>
  : OfferingFilterField2024;

/** The includes of an offering in each generation. */
export type OfferingIncludeOf<G extends SubscriptionsGeneration> = G extends '2025'
  ? OfferingInclude2025
  : OfferingInclude;

/**
 * 2025 filters offerings on their own reference, their proration policy, and, as EPCC's 2026-10 lists it,
 * `plans.external_ref`: 2024's `external_product_refs` under 2025's name.
 */
export const OFFERING_LISTS: {
  readonly [G in SubscriptionsGeneration]: ListRules<OfferingFilterOf<G>, OfferingIncludeOf<G>>;
} = {
  '2024': OFFERING_LIST,
  '2025': {
    filter: {
      external_ref: OFFERING_FILTERS.external_ref,
      proration_policy_id: OFFERING_FILTERS.proration_policy_id,
      [PLANS_EXTERNAL_REF]: ['eq', 'in'],
    },
    include: OFFERING_INCLUDES_2025,
  },
};
export type OfferingQuery = ListQuery<OfferingFilterField, OfferingInclude | OfferingInclude2025>;
