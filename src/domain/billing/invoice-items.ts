import * as E from 'fp-ts/lib/Either.js';
import type { Uuid } from '../shared/uuid.js';
import type { Offering, OfferingPlan, OfferingProduct } from '../subscription/offering.js';
import { planPrices } from '../subscription/pricing.js';
import type { Subscription } from '../subscription/subscription.js';
import type { BillingPeriod } from './billing-period.js';
import { needsTax, taxRequired, type InvoiceDraft, type InvoiceItem } from './invoice.js';

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
 * Each product's share of a plan discount's total, in whole units: `total` (the plan's price, the products'
 * sum less `percentage` rounded half up) spread by largest remainder, so the shares add up to exactly
 * `total` and no share is below zero or above its product's price. Every share starts at its exact share
 * rounded down; the units left over go one each to the largest fractions, the earlier product first on a
 * tie. They always fit: the units left are at most the count of shares with a fraction.
 */
export const discountShares = (amounts: readonly number[], percentage: number, total: number): readonly number[] => {
  const kept = 10_000 - Math.round(percentage * 100);
  const exact = amounts.map((amount) => amount * kept);
  const shares = exact.map((scaled) => Math.floor(scaled / 10_000));
  let left = total;
  for (const share of shares) left -= share;
  const order = exact.map((scaled, index) => ({ index, fraction: scaled % 10_000 })).sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    const amount = amounts[index] ?? 0;
    if ((shares[index] ?? 0) >= amount) continue;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
};

/**
 * The lines of one period: a plan with a fixed price in the currency is one plan-level line; otherwise one
 * line per product, the plan's `base_price_percentage` spread over them by `discountShares`, so that the
 * lines add up to exactly the plan's price (the `planPrices` rule that `display_price` shows).
 */
const pricedItems = ({ plan, products }: Subscribed, currency: string, period: BillingPeriod): E.Either<string, readonly InvoiceItem[]> => {
  const total = planPrices(products, plan)[currency];
  if (total === undefined) return E.left(`the plan has no price in ${currency}`);
  const span = { fromTimePeriod: period.start, untilTimePeriod: period.end };
  const fixed = plan.attributes.fixed_price?.[currency];
  if (fixed !== undefined) {
    return E.right([{ description: plan.attributes.name, price: { currency, amount: fixed.amount, includes_tax: fixed.includes_tax ?? false }, ...span }]);
  }
  const prices = products.map((product) => product.attributes.price?.[currency]);
  const shares = discountShares(prices.map((price) => price?.amount ?? 0), plan.attributes.base_price_percentage ?? 0, total.amount);
  return E.right(
    products.map((product, index): InvoiceItem => ({
      description: product.attributes.name,
      price: { currency, amount: shares[index] ?? 0, includes_tax: prices[index]?.includes_tax ?? false },
      productId: product.id,
      ...span,
    })),
  );
};

/** A trial is invoiced at zero, with the same lines. */
const asTrial = (items: readonly InvoiceItem[]): readonly InvoiceItem[] =>
  items.map((item) => ({ ...item, description: `${item.description} (trial)`, price: { ...item.price, amount: 0 } }));

export interface DraftContext {
  readonly id: Uuid;
  /** The billing run that makes it; none for the invoice made with the subscription. */
  readonly jobId?: Uuid;
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
  // Judged on the priced lines, so a trial says what its paid periods will: only a line whose price
  // excludes tax and that charges something needs tax added.
  const includesTax = !priced.right.some(needsTax);
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
    ...(context.jobId === undefined ? {} : { jobId: context.jobId }),
    createdAt: context.now,
  });
};
