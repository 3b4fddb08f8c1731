import { recordEvents } from '../events/record-events.js';
import { SUBSCRIBER_TYPE, type Subscriber } from './subscriber.js';

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
