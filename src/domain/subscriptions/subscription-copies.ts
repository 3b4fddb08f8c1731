import * as E from 'fp-ts/lib/Either.js';
import { isEligible } from '../catalogue/eligibility.js';
import type { Offering, OfferingPlan, OfferingProduct } from '../catalogue/offering.js';
import { type DomainError, issue, validationFailed } from '../shared/errors.js';
import type { Subscription } from './subscription.js';

/** The product copies of its offering snapshot that the subscription holds, in the order the offering attached them. */
export const subscriptionProducts = (subscription: Subscription, offering: Offering): readonly OfferingProduct[] => {
  const held = subscription.productIds;
  return held === undefined ? offering.products : offering.products.filter((p) => held.includes(p.id));
};

/** The plan copies a subscription may be on: every plan of its offering snapshot. */
export const subscriptionPlans = (offering: Offering): readonly OfferingPlan[] => offering.plans;

/**
 * A subscription holds only products that may be bought under its plan (the snapshot's eligibility, EPCC 2025's
 * plan ↔ pricing option associations): checked where one is made, switches plan or changes what it holds.
 * `source` is the request field the refusal names (the plan, in the generation's words).
 */
export const heldEligibly = (
  subscription: Subscription,
  offering: Offering,
  source: string,
): E.Either<DomainError, Subscription> => {
  const outside = subscriptionProducts(subscription, offering).find(
    (product) => !isEligible(offering, product.id, subscription.planId),
  );
  return outside === undefined
    ? E.right(subscription)
    : E.left(validationFailed([issue(source, `is not associated with ${outside.id} in this offering`)]));
};
