import type { Offering, OfferingPlan, OfferingProduct } from '../catalogue/offering.js';
import type { Subscription } from './subscription.js';

/** The product copies of its offering snapshot that the subscription holds, in the order the offering attached them. */
export const subscriptionProducts = (subscription: Subscription, offering: Offering): readonly OfferingProduct[] => {
  const held = subscription.productIds;
  return held === undefined ? offering.products : offering.products.filter((p) => held.includes(p.id));
};

/** The plan copies a subscription may be on: every plan of its offering snapshot. */
export const subscriptionPlans = (offering: Offering): readonly OfferingPlan[] => offering.plans;
