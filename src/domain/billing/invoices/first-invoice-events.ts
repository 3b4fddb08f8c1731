import type { Offering } from '../../catalogue/offering.js';
import type { ResourceEvent } from '../../events/domain-event.js';
import type { Subscription, SubscriptionStateRecord } from '../../subscriptions/subscription.js';
import {
  type SubscriptionSubject,
  stateChanged,
  subscriptionCreated,
} from '../../subscriptions/subscription-events.js';
import type { Invoice } from './invoice.js';
import { type InvoiceSubject, invoiceCreated } from './invoice-events.js';

/** A state change as storage applied it: its record, the subscription after it, its snapshot, and the first invoice it numbered. */
export interface AppliedState {
  readonly state: SubscriptionStateRecord;
  readonly subscription: Subscription;
  readonly offering: Offering;
  readonly firstInvoice?: Invoice;
}

/** The events of an applied state change: its own, then its first invoice's. */
export const stateApplied = ({
  state,
  subscription,
  offering,
  firstInvoice,
}: AppliedState): readonly ResourceEvent<SubscriptionSubject | InvoiceSubject>[] => [
  ...stateChanged(state, subscription, offering),
  ...(firstInvoice === undefined ? [] : [invoiceCreated(firstInvoice)]),
];

/** A subscription stored with the invoice of its first period, if it has one. */
export interface StoredSubscription {
  readonly subscription: Subscription;
  readonly offering: Offering;
  readonly firstInvoice?: Invoice;
}

/** The events of subscriptions stored together: each one's `subscription.created`, then its first invoice's. */
export const subscriptionsStored = (
  stored: readonly StoredSubscription[],
): readonly ResourceEvent<SubscriptionSubject | InvoiceSubject>[] =>
  stored.flatMap(({ subscription, offering, firstInvoice }) => [
    subscriptionCreated(subscription, offering),
    ...(firstInvoice === undefined ? [] : [invoiceCreated(firstInvoice)]),
  ]);
