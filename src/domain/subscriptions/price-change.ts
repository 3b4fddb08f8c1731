import type { PriceMap } from '../catalogue/catalogue-fields.js';
import type { PlanAttributes } from '../catalogue/plan.js';

/** How a plan is priced: a fixed price, or a discount off its products' sum (EPCC 2025's `PricingOptionPrice`). */
export type PlanPricingTerms = Pick<PlanAttributes, 'fixed_price' | 'base_price_percentage'>;

/**
 * New prices for some products and plans of an offering, by copy id: EPCC 2026's `SubscriptionPriceChanges`,
 * whose `plan_prices` are our products (a 2025 plan is a product copy) and `pricing_option_prices` our plans.
 * Each replaces what it names whole: a product's price map, a plan's `fixed_price` and `base_price_percentage`.
 */
export interface PriceChanges {
  readonly products: Readonly<Record<string, PriceMap>>;
  readonly plans: Readonly<Record<string, PlanPricingTerms>>;
}

/**
 * A price change a `subscription-update` job gave a subscription. It prices every period starting at or
 * after `from` (the start of the period after the one running when the job ran) and before `until`, which
 * a plan switch sets: the switch is a new agreement, priced as the offering prices the new plan.
 */
export interface ScheduledPriceChange {
  readonly changes: PriceChanges;
  /** What the same products and plans cost before it: EPCC's `price_update_history` entry. */
  readonly previous: PriceChanges;
  readonly from: Date;
  readonly until?: Date;
}
