import * as E from 'fp-ts/lib/Either.js';
import type { Offering } from '../../catalogue/offering.js';
import type { PlanAttributes } from '../../catalogue/plan.js';
import type { Uuid } from '../../shared/uuid.js';
import type { Subscription } from '../../subscriptions/subscription.js';
import { billingPeriodsUpTo } from '../periods/billing-period.js';
import type { InvoiceDraft } from './invoice.js';
import { invoiceDraft } from './invoice-items.js';

/** A subscription as it is stored beside the invoice it is made with, if it has one yet. */
export interface FirstInvoiced {
  readonly subscription: Subscription;
  readonly firstInvoice?: InvoiceDraft;
}

/**
 * The invoice a subscription is made with (EPCC: "When a subscription is created, an invoice for the first
 * billing period is created"; with a trial, "an immediate invoice is still created, but for a price of
 * zero"): its first period, when that has begun by `now`, and the subscription's `invoice_after` moved to
 * that period's end, as every invoice moves it. A pending subscription has none yet: the first billing
 * run at or after it goes live makes it. A backdated one gets its first period here and the periods
 * after it from billing runs, one a run, as EPCC's caution on backdating says.
 */
export const withFirstInvoice = (
  subscription: Subscription,
  offering: Offering,
  plan: PlanAttributes,
  context: { readonly id: Uuid; readonly now: Date },
): FirstInvoiced => {
  const [first] = billingPeriodsUpTo(subscription, plan, context.now, {}, 1);
  if (first === undefined) return { subscription };
  const draft = invoiceDraft(subscription, offering, first, context);
  if (E.isLeft(draft)) return { subscription };
  return { subscription: { ...subscription, invoiceAfter: first.end }, firstInvoice: draft.right };
};
