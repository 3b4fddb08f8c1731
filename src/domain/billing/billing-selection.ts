import type { Uuid } from '../shared/uuid.js';
import type { Subscription } from '../subscriptions/subscription.js';
import type { InvoiceDraft } from './invoices/invoice.js';

/**
 * Which subscriptions and drafts a billing run stores invoices for. Storage applies these rules where it
 * reads and writes (a query, a loop), so every backend bills the same subscriptions.
 */

/** A suspended subscription is not billed: its subscriber has not paid what dunning gave up on. */
export const isBilled = (subscription: Subscription): boolean => !subscription.flags.suspended;

/** A subscription's invoice for the period starting at `start`: a subscription has at most one per period start. */
export const periodKey = (subscriptionId: string, start: Date): string => `${subscriptionId} ${start.getTime()}`;

/**
 * The drafts to store, in the order given: one per period start, none for a period whose key is in
 * `invoiced` (by an earlier or a concurrent run).
 */
export const uninvoicedPeriods = (
  drafts: readonly InvoiceDraft[],
  invoiced: ReadonlySet<string>,
): readonly InvoiceDraft[] => {
  const seen = new Set(invoiced);
  return drafts.filter((draft) => {
    const key = periodKey(draft.subscriptionId, draft.billingPeriod.start);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * Whether a subscription is as it was when its drafts were made (`madeFrom` gives the `updatedAt` each
 * had then): one changed since (a cancel, a pause, a plan change committed while the run read its batch)
 * is left out, for the next run to bill as it is then. A subscription the run did not note is unchanged.
 */
export const unchangedSince = (
  madeFrom: ReadonlyMap<Uuid, Date> | undefined,
  subscriptionId: Uuid,
  updatedAt: Date,
): boolean => {
  const then = madeFrom?.get(subscriptionId);
  return then === undefined || then.getTime() === updatedAt.getTime();
};
