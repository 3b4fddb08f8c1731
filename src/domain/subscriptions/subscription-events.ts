import type { Offering } from '../catalogue/offering.js';
import { type ResourceEvent, resourceEvent } from '../events/domain-event.js';
import type { FiringKey } from '../events/event-keys.js';
import type { Subscription, SubscriptionStateRecord } from './subscription.js';

/** What a subscription's event names: the subscription with its offering snapshot, as its GET returns it at `at`. */
export interface SubscriptionSubject {
  readonly resource: 'subscription';
  readonly subscription: Subscription;
  readonly offering: Offering;
  readonly at: Date;
}

const about = (key: FiringKey, subscription: Subscription, offering: Offering, at: Date) =>
  resourceEvent<SubscriptionSubject>(key, { resource: 'subscription', subscription, offering, at });

/** A subscription stored, as it was made. */
export const subscriptionCreated = (
  subscription: Subscription,
  offering: Offering,
): ResourceEvent<SubscriptionSubject> =>
  about('subscription.created', subscription, offering, subscription.timestamps.createdAt);

/** The observable keys a state change fires. */
export const stateEventKeys = (state: SubscriptionStateRecord): readonly FiringKey[] => {
  switch (state.action) {
    // A cancel or pause takes effect at once here (there is no pending cancel or pause), and a cancel that
    // leaves the subscription closed fires `closed` too.
    case 'cancel':
      return state.flags.closed ? ['subscription.canceled', 'subscription.closed'] : ['subscription.canceled'];
    case 'pause':
      return ['subscription.paused'];
    case 'resume':
      return ['subscription.resumed'];
    // Going live fires nothing, as `subscription.created` already did, nor does holding one pending (EPCC has no key for it).
    case 'go_live':
    case 'pending':
      return [];
  }
};

/** The events of a state change: the subscription as it is after it, at the change's instant. */
export const stateChanged = (
  state: SubscriptionStateRecord,
  after: Subscription,
  offering: Offering,
): readonly ResourceEvent<SubscriptionSubject>[] =>
  stateEventKeys(state).map((key) => about(key, after, offering, state.createdAt));
