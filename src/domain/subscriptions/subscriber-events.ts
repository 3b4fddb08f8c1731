import type { Offering } from '../catalogue/offering.js';
import { type ResourceEvent, resourceEvent } from '../events/domain-event.js';
import { recordEvents } from '../events/record-events.js';
import {
  type EntitlementsChange,
  entitlementsAt,
  entitlementsChange,
  NO_ENTITLEMENTS,
} from '../features/entitlements.js';
import { SUBSCRIBER_TYPE, type Subscriber } from './subscriber.js';
import type { Subscription } from './subscription.js';

/** What a subscriber's event names: the subscriber, as its GET returns it. */
export interface SubscriberSubject {
  readonly resource: 'subscriber';
  readonly subscriber: Subscriber;
}

export const SUBSCRIBER_EVENTS = recordEvents<Subscriber, SubscriberSubject>(
  {
    created: 'subscription-subscriber.created',
    updated: 'subscription-subscriber.updated',
    deleted: 'subscription-subscriber.deleted',
  },
  SUBSCRIBER_TYPE,
  (subscriber) => ({ resource: 'subscriber', subscriber }),
);

/**
 * What an entitlements event names: the subscription whose grant a change moved, and how, at the change's
 * instant. A subscriber's whole set is the union over its account's subscriptions; a change of one is told
 * with that one's grant, so the event is decided under that subscription's lock alone, and a tag it stopped
 * granting may still be granted by another (the subscriber's GET answers the whole set).
 */
export interface EntitlementsSubject {
  readonly resource: 'entitlements';
  readonly subscription: Subscription;
  readonly change: EntitlementsChange;
  readonly at: Date;
}

/**
 * `subscription-subscriber.entitlements_changed` when a change to a subscription (made, or `previous` made
 * into `subscription` at `at`) moves the tags or usage allowances it grants; nothing otherwise.
 */
export const entitlementsChanged = (
  previous: Subscription | undefined,
  subscription: Subscription,
  offering: Offering,
  at: Date,
): readonly ResourceEvent<EntitlementsSubject>[] => {
  const before = previous === undefined ? NO_ENTITLEMENTS : entitlementsAt(previous, offering, at);
  const change = entitlementsChange(before, entitlementsAt(subscription, offering, at));
  return change === undefined
    ? []
    : [
        resourceEvent('subscription-subscriber.entitlements_changed', {
          resource: 'entitlements',
          subscription,
          change,
          at,
        }),
      ];
};
