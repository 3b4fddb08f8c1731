import * as E from 'fp-ts/lib/Either.js';
import type { Offering } from '../catalogue/offering.js';
import { planPricing, priceTooLarge } from '../catalogue/pricing.js';
import { type DomainError, forbidden, issue, unprocessable, validationFailed } from '../shared/errors.js';
import { applyChanges } from '../shared/record-parser.js';
import { rescheduleGoLive } from './going-live.js';
import { priceChangesEndedAt } from './price-changes.js';
import { type Subscription, standingAt } from './subscription.js';
import { subscriptionProducts } from './subscription-copies.js';
import type { SubscriptionChanges } from './subscription-input.js';

const PLAN_SOURCE = 'data.attributes.plan_id';

/**
 * Moves the subscription to another plan of its own offering snapshot (never to a plan the offering
 * gained later): the plan must be priced in the subscription's currency for the products it holds, the
 * subscription must still be running, and a paused one may only move to a plan that lets it resume.
 * The snapshot itself is shared and never changes; only the subscription's `plan_id` does.
 */
const changePlan = (
  subscription: Subscription,
  offering: Offering,
  planId: string,
  now: Date,
): E.Either<DomainError, Subscription> => {
  if (planId === subscription.planId) return E.right(subscription);
  const plan = offering.plans.find((p) => p.id === planId);
  if (plan === undefined)
    return E.left(validationFailed([issue(PLAN_SOURCE, "must be one of the plans of the subscription's offering")]));
  const pricing = planPricing(subscriptionProducts(subscription, offering), plan);
  if (pricing.tooLarge.includes(subscription.currency))
    return E.left(validationFailed([issue(PLAN_SOURCE, priceTooLarge(subscription.currency))]));
  if (pricing.prices[subscription.currency] === undefined) {
    return E.left(
      validationFailed([
        issue(PLAN_SOURCE, `must be a plan priced in the subscription's currency, ${subscription.currency}`),
      ]),
    );
  }
  const current = offering.plans.find((p) => p.id === subscription.planId)?.attributes;
  if (subscription.flags.canceled)
    return E.left(unprocessable('a canceled subscription cannot change its plan', 'state_transition_not_allowed'));
  if (standingAt(subscription, current, now).closed)
    return E.left(unprocessable('a closed subscription cannot change its plan', 'state_transition_not_allowed'));
  if (subscription.flags.paused && !plan.attributes.can_resume) {
    return E.left(
      forbidden(
        'the subscription is paused and the new plan does not allow subscribers to resume',
        'plan_not_permitted',
      ),
    );
  }
  // A closing plan's length counts from the switch (EPCC's table); see `planStartOf`.
  // A switch is a new agreement: priced as the offering prices the new plan (see `priceChangesEndedAt`).
  return E.right({ ...priceChangesEndedAt(subscription, now), planId: plan.id, planStartedAt: now });
};

/**
 * Applies a partial update: `name`, `email`, `payment_authority`, `address_id` and `external_ref` as
 * given (`null` clears the optional ones), a plan change by the rules of `changePlan`, and a pending
 * subscription's `go_live_after` by those of `rescheduleGoLive`.
 */
export const applySubscriptionChanges = (
  subscription: Subscription,
  offering: Offering,
  changes: SubscriptionChanges,
  now: Date,
): E.Either<DomainError, Subscription> => {
  const planned =
    changes.plan_id === undefined ? E.right(subscription) : changePlan(subscription, offering, changes.plan_id, now);
  if (E.isLeft(planned)) return planned;
  const plan = offering.plans.find((p) => p.id === planned.right.planId);
  if (plan === undefined) throw new Error(`plan ${planned.right.planId} is missing from its offering snapshot`);
  const scheduled =
    changes.go_live_after === undefined
      ? planned
      : rescheduleGoLive(planned.right, plan.attributes, changes.go_live_after, now);
  if (E.isLeft(scheduled)) return scheduled;
  const fields = applyChanges(
    {
      name: subscription.name,
      email: subscription.email,
      paymentAuthority: subscription.paymentAuthority,
      externalRef: subscription.externalRef,
      addressId: subscription.addressId,
    },
    {
      name: changes.name,
      email: changes.email,
      paymentAuthority: changes.payment_authority,
      externalRef: changes.external_ref,
      addressId: changes.address_id,
    },
  );
  const { externalRef: _ref, addressId: _address, ...rest } = scheduled.right;
  return E.right({
    ...rest,
    name: fields.name,
    email: fields.email,
    paymentAuthority: fields.paymentAuthority,
    ...(fields.externalRef === undefined ? {} : { externalRef: fields.externalRef }),
    ...(fields.addressId === undefined ? {} : { addressId: fields.addressId }),
    timestamps: { ...subscription.timestamps, updatedAt: now },
  });
};
