import * as E from 'fp-ts/lib/Either.js';
import type { Uuid } from '../shared/uuid.js';
import type { Offering, OfferingPlan, OfferingProduct } from '../subscription/offering.js';
import { discounted, planPrices } from '../subscription/pricing.js';
import type { Subscription } from '../subscription/subscription.js';
import type { BillingPeriod } from './billing-period.js';
import { taxRequired, type InvoiceDraft, type InvoiceItem } from './invoice.js';

/** The plan and products a subscription holds in its own offering snapshot. */
export interface Subscribed {
  readonly plan: OfferingPlan;
  readonly products: readonly OfferingProduct[];
}

export const subscribedIn = (subscription: Subscription, offering: Offering): E.Either<string, Subscribed> => {
  const plan = offering.plans.find((p) => p.id === subscription.planId);
  if (plan === undefined) return E.left('the subscription plan is not in its offering snapshot');
  const held = subscription.productIds;
  const products = held === undefined ? offering.products : offering.products.filter((p) => held.includes(p.id));
  return E.right({ plan, products });
};

/**
 * The lines of one period: a plan with a fixed price in the currency is one plan-level line; otherwise one
 * line per product, each less the plan's `base_price_percentage`, the rounding difference put on the last
 * line so that the lines add up to exactly the plan's price (the `planPrices` rule that `display_price` shows).
 */
const pricedItems = ({ plan, products }: Subscribed, currency: string, period: BillingPeriod): E.Either<string, readonly InvoiceItem[]> => {
  const total = planPrices(products, plan)[currency];
  if (total === undefined) return E.left(`the plan has no price in ${currency}`);
  const span = { fromTimePeriod: period.start, untilTimePeriod: period.end };
  const fixed = plan.attributes.fixed_price?.[currency];
  if (fixed !== undefined) {
    return E.right([{ description: plan.attributes.name, price: { currency, amount: fixed.amount, includes_tax: fixed.includes_tax ?? false }, ...span }]);
  }
  const percentage = plan.attributes.base_price_percentage ?? 0;
  const lines = products.map((product): InvoiceItem => {
    const price = product.attributes.price?.[currency];
    return {
      description: product.attributes.name,
      price: { currency, amount: discounted(price?.amount ?? 0, percentage), includes_tax: price?.includes_tax ?? false },
      productId: product.id,
      ...span,
    };
  });
  const difference = total.amount - lines.reduce((sum, line) => sum + line.price.amount, 0);
  const last = lines[lines.length - 1];
  if (last !== undefined && difference !== 0) lines[lines.length - 1] = { ...last, price: { ...last.price, amount: last.price.amount + difference } };
  return E.right(lines);
};

/** A trial is invoiced at zero, with the same lines. */
const asTrial = (items: readonly InvoiceItem[]): readonly InvoiceItem[] =>
  items.map((item) => ({ ...item, description: `${item.description} (trial)`, price: { ...item.price, amount: 0 } }));

export interface DraftContext {
  readonly id: Uuid;
  readonly jobId: Uuid;
  readonly now: Date;
}

/**
 * The invoice of one period, priced from the subscription's own snapshot in its currency, in whole minor
 * units; refused (with the reason) when the plan is missing or has no price in that currency.
 */
export const invoiceDraft = (subscription: Subscription, offering: Offering, period: BillingPeriod, context: DraftContext): E.Either<string, InvoiceDraft> => {
  const subscribed = subscribedIn(subscription, offering);
  if (E.isLeft(subscribed)) return subscribed;
  const priced = pricedItems(subscribed.right, subscription.currency, period);
  if (E.isLeft(priced)) return priced;
  const items = period.trial ? asTrial(priced.right) : priced.right;
  const amount = items.reduce((sum, item) => sum + item.price.amount, 0);
  const includesTax = planPrices(subscribed.right.products, subscribed.right.plan)[subscription.currency]?.includes_tax ?? false;
  return E.right({
    id: context.id,
    storeId: subscription.storeId,
    subscriptionId: subscription.id,
    subscriberId: subscription.accountId,
    billingPeriod: { start: period.start, end: period.end },
    items,
    currency: subscription.currency,
    amount,
    includesTax,
    // EPCC: a zero invoice (a trial) has nothing to pay.
    outstanding: amount > 0,
    taxRequired: taxRequired(amount, includesTax),
    jobId: context.jobId,
    createdAt: context.now,
  });
};
