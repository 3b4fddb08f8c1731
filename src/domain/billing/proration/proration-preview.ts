import type { Offering } from '../../catalogue/offering.js';
import type { ProrationEvent } from '../../subscriptions/proration-event.js';
import type { Subscription } from '../../subscriptions/subscription.js';
import { subscriptionProducts } from '../../subscriptions/subscription-copies.js';

/** Why a previewed switch would not be prorated, in EPCC 2026-10's words, where one of them applies. */
export type PreviewRejection = 'no_change';

/**
 * What a plan or pricing-option switch would do to the charges (EPCC 2026-10's proration preview), read off
 * the switch itself: `before` and the subscription the switch would make of it, by the same rules as the
 * switch that is stored. A switch that keeps the plan and the products held is `no_change`; any other is
 * prorated exactly when the switch adds a proration event. A negative net (more refunded than charged) is
 * carried as credit into the next invoice, as every switch here does, so nothing is ever refunded by one.
 */
export interface ProrationPreview {
  readonly wouldProrate: boolean;
  readonly rejection: PreviewRejection | null;
  /**
   * The proration the switch would add, in the subscription's currency: what a merchant weighs before
   * confirming (the credit, the charge, the days), read off the same event the next invoice would charge.
   */
  readonly proration?: { readonly event: ProrationEvent; readonly currency: string };
}

const heldProducts = (s: Subscription, offering: Offering): string =>
  subscriptionProducts(s, offering)
    .map((p) => p.id)
    .sort()
    .join(',');

export const previewOf = (before: Subscription, switched: Subscription, offering: Offering): ProrationPreview => {
  if (before.planId === switched.planId && heldProducts(before, offering) === heldProducts(switched, offering))
    return { wouldProrate: false, rejection: 'no_change' };
  const added = (switched.prorations?.length ?? 0) > (before.prorations?.length ?? 0);
  const event = added ? switched.prorations?.at(-1) : undefined;
  return {
    wouldProrate: added,
    rejection: null,
    ...(event === undefined ? {} : { proration: { event, currency: switched.currency } }),
  };
};
