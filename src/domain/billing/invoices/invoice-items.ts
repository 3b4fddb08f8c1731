import * as E from 'fp-ts/lib/Either.js';
import { CATALOGUE_TEXT_MAX } from '../../catalogue/catalogue-fields.js';
import type { Offering, OfferingPlan, OfferingProduct } from '../../catalogue/offering.js';
import { discounted, keptAfterDiscount, planPricing, priceTooLarge } from '../../catalogue/pricing.js';
import { spreadByLargestRemainder, times } from '../../shared/money.js';
import { codePoints } from '../../shared/text.js';
import type { Uuid } from '../../shared/uuid.js';
import { pricedAt } from '../../subscriptions/price-changes.js';
import type { Subscription } from '../../subscriptions/subscription.js';
import type { BillingPeriod } from '../periods/billing-period.js';
import { type InvoiceDraft, type InvoiceItem, NO_PRORATION, needsTax, taxRequired } from './invoice.js';
import { validFromOf } from './pro-forma.js';

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
 * Each product's share of a plan discount's total, in whole units: the plan's price (the products' sum
 * less `percentage`, rounded down) spread over the products by largest remainder, so the shares add up to
 * exactly that price and no share is below zero or above its product's price.
 */
export const discountShares = (amounts: readonly number[], percentage: number): readonly number[] => {
  const kept = keptAfterDiscount(percentage);
  const total = discounted(
    amounts.reduce((sum, amount) => sum + BigInt(amount), 0n),
    percentage,
  );
  // Each share is at most its product's price, which the API accepted as a safe integer.
  return spreadByLargestRemainder(
    total,
    amounts.map((amount) => times(amount, kept)),
  ).map(Number);
};

/**
 * The lines of one period: a plan with a fixed price in the currency is one plan-level line; otherwise one
 * line per product, the plan's `base_price_percentage` spread over them by `discountShares`, so that the
 * lines add up to exactly the plan's price (the `planPrices` rule that `display_price` shows).
 */
const pricedItems = (
  { plan, products }: Subscribed,
  currency: string,
  period: BillingPeriod,
): E.Either<string, readonly InvoiceItem[]> => {
  const pricing = planPricing(products, plan);
  if (pricing.tooLarge.includes(currency)) return E.left(priceTooLarge(currency));
  if (pricing.prices[currency] === undefined) return E.left(`the plan has no price in ${currency}`);
  const span = { fromTimePeriod: period.start, untilTimePeriod: period.end };
  const fixed = plan.attributes.fixed_price?.[currency];
  if (fixed !== undefined) {
    return E.right([
      {
        description: plan.attributes.name,
        price: { currency, amount: fixed.amount, includes_tax: fixed.includes_tax ?? false },
        ...span,
      },
    ]);
  }
  const prices = products.map((product) => product.attributes.price?.[currency]);
  const shares = discountShares(
    prices.map((price) => price?.amount ?? 0),
    plan.attributes.base_price_percentage ?? 0,
  );
  return E.right(
    products.map(
      (product, index): InvoiceItem => ({
        description: product.attributes.name,
        price: { currency, amount: shares[index] ?? 0, includes_tax: prices[index]?.includes_tax ?? false },
        productId: product.id,
        ...span,
      }),
    ),
  );
};

const TRIAL_MARK = ' (trial)';
/** A line is described by its product's or plan's name, marked on a trial invoice. */
export const INVOICE_ITEM_DESCRIPTION_MAX = CATALOGUE_TEXT_MAX + codePoints(TRIAL_MARK);

/** A trial is invoiced at zero, with the same lines. */
const asTrial = (items: readonly InvoiceItem[]): readonly InvoiceItem[] =>
  items.map((item) => ({
    ...item,
    description: `${item.description}${TRIAL_MARK}`,
    price: { ...item.price, amount: 0 },
  }));

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
const validity = (start: Date, now: Date): { validFrom?: Date } => {
  const from = validFromOf(start, now);
  return from === undefined ? {} : { validFrom: from };
};

export const invoiceDraft = (
  subscription: Subscription,
  offering: Offering,
  period: BillingPeriod,
  context: DraftContext,
): E.Either<string, InvoiceDraft> => {
  // Priced as at the period's start, with the price changes in force then (see `pricedAt`).
  const subscribed = subscribedIn(subscription, pricedAt(subscription, offering, period.start));
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
    ...validity(period.start, context.now),
    // A billing run charges the subscription's prorations on it (see `chargeProrations`).
    proration: NO_PRORATION,
  });
};
