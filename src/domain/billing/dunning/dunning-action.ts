import type { Uuid } from '../../shared/uuid.js';
import type { Subscription, SubscriptionStateRecord } from '../../subscriptions/subscription.js';
import type { DunningAction } from './payment-retry.js';

/** The subscription once an invoice's retries are spent, and the change its state history records, if any. */
export interface DunningOutcome {
  readonly subscription: Subscription;
  /** A pause or a cancellation takes its place in the history, as one a merchant makes does; billing reads pauses from there. */
  readonly state?: SubscriptionStateRecord;
}

/**
 * The subscription once an invoice's payment retries are spent, by the store's dunning rule: `none` leaves
 * it as it is, `pause` pauses it, `suspend` marks it suspended (the subscriber may still pay), `close`
 * ends it now and sets it `inactive`. Undefined when nothing changes, so applying it twice changes nothing more.
 */
export const afterRetriesSpent = (
  subscription: Subscription,
  action: DunningAction,
  now: Date,
  stateId: Uuid,
): DunningOutcome | undefined => {
  const { flags, timestamps } = subscription;
  const recorded = (changed: Subscription, stateAction: 'pause' | 'cancel'): DunningOutcome => ({
    subscription: changed,
    state: {
      id: stateId,
      subscriptionId: subscription.id,
      action: stateAction,
      createdAt: now,
      flags: { ...changed.flags, closed: stateAction === 'cancel' },
      invoiceAfter: changed.invoiceAfter,
    },
  });
  switch (action) {
    case 'none':
      return undefined;
    case 'pause':
      return flags.paused
        ? undefined
        : recorded(
            {
              ...subscription,
              flags: { ...flags, paused: true },
              pausedBy: 'dunning',
              timestamps: { ...timestamps, pausedAt: now, updatedAt: now },
            },
            'pause',
          );
    case 'suspend':
      return flags.suspended
        ? undefined
        : {
            subscription: {
              ...subscription,
              flags: { ...flags, suspended: true },
              timestamps: { ...timestamps, updatedAt: now },
            },
          };
    case 'close':
      return flags.canceled
        ? undefined
        : recorded(
            {
              ...subscription,
              flags: { ...flags, canceled: true, paused: false },
              canceledBy: 'dunning',
              // EPCC: "The subscription ends and it's status becomes `inactive`": the payment run decides it.
              inactive: true,
              timestamps: { ...timestamps, canceledAt: now, endDate: now, updatedAt: now },
            },
            'cancel',
          );
  }
};

/**
 * The subscription once one of its invoices is paid: a suspension lifts when no other invoice of it is
 * still outstanding after a failed payment. Periods that ended while it was suspended are never billed
 * (`billableFrom` moves to now); the period running now is, by the next billing run. Undefined when
 * nothing changes.
 */
export const afterInvoicePaid = (
  subscription: Subscription,
  othersUnpaid: boolean,
  now: Date,
): DunningOutcome | undefined => {
  if (!subscription.flags.suspended || othersUnpaid) return undefined;
  const billableFrom =
    subscription.billableFrom !== undefined && subscription.billableFrom > now ? subscription.billableFrom : now;
  return {
    subscription: {
      ...subscription,
      flags: { ...subscription.flags, suspended: false },
      billableFrom,
      timestamps: { ...subscription.timestamps, updatedAt: now },
    },
  };
};
