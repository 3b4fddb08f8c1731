import type { Offering, OfferingPlan } from '../catalogue/offering.js';
import type { Uuid } from '../shared/uuid.js';
import type { Subscription } from './subscription.js';

/** The product copies of its offering snapshot that the subscription holds, in the order the offering attached them. */
export const subscriptionProducts = <P extends { readonly id: Uuid }>(
  subscription: Subscription,
  offering: { readonly products: readonly P[] },
): readonly P[] => {
  const held = subscription.productIds;
  return held === undefined ? offering.products : offering.products.filter((p) => held.includes(p.id));
};

/** The plan copies a subscription may be on: every plan of its offering snapshot. */
export const subscriptionPlans = (offering: Offering): readonly OfferingPlan[] => offering.plans;
