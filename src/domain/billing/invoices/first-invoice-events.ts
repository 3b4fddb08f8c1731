import type { Offering } from '../../catalogue/offering.js';
import type { ResourceEvent } from '../../events/domain-event.js';
import { type EntitlementsSubject, entitlementsChanged } from '../../subscriptions/subscriber-events.js';
import type { Subscription, SubscriptionStateRecord } from '../../subscriptions/subscription.js';
import {
  type SubscriptionSubject,
  stateChanged,
  subscriptionCreated,
} from '../../subscriptions/subscription-events.js';
import type { Invoice } from './invoice.js';
import { type InvoiceSubject, invoiceCreated } from './invoice-events.js';

/**
 * A state change as storage applied it: its record, the subscription before and after it, its snapshot, and
 * the first invoice it numbered.
 */
export interface AppliedState {
  readonly state: SubscriptionStateRecord;
  readonly previous: Subscription;
  readonly subscription: Subscription;
  readonly offering: Offering;
  readonly firstInvoice?: Invoice;
}

/** The events of an applied state change: its own, its first invoice's, then the entitlements it moved. */
export const stateApplied = ({
  state,
  previous,
  subscription,
  offering,
  firstInvoice,
}: AppliedState): readonly ResourceEvent<SubscriptionSubject | InvoiceSubject | EntitlementsSubject>[] => [
  ...stateChanged(state, subscription, offering),
  ...(firstInvoice === undefined ? [] : [invoiceCreated(firstInvoice)]),
  ...entitlementsChanged(previous, subscription, offering, state.createdAt),
];

/** A subscription stored with the invoice of its first period, if it has one. */
export interface StoredSubscription {
  readonly subscription: Subscription;
  readonly offering: Offering;
  readonly firstInvoice?: Invoice;
}

/**
 * The events of subscriptions stored together: each one's `subscription.created`, its first invoice's, then
 * the entitlements it grants from the start (none while pending).
 */
export const subscriptionsStored = (
  stored: readonly StoredSubscription[],
): readonly ResourceEvent<SubscriptionSubject | InvoiceSubject | EntitlementsSubject>[] =>
  stored.flatMap(({ subscription, offering, firstInvoice }) => [
    subscriptionCreated(subscription, offering),
    ...(firstInvoice === undefined ? [] : [invoiceCreated(firstInvoice)]),
    ...entitlementsChanged(undefined, subscription, offering, subscription.timestamps.createdAt),
  ]);
