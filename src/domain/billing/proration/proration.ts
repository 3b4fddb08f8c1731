import * as E from 'fp-ts/lib/Either.js';
import { addIntervals } from '../../catalogue/billing-interval.js';
import type { Price } from '../../catalogue/catalogue-fields.js';
import type { Offering, OfferingPlan } from '../../catalogue/offering.js';
import type { PlanAttributes } from '../../catalogue/plan.js';
import { planPricing } from '../../catalogue/pricing.js';
import { asAmount, fraction, roundDown, times } from '../../shared/money.js';
import type { Uuid } from '../../shared/uuid.js';
import { pricedAt } from '../../subscriptions/price-changes.js';
import type { ProrationEvent } from '../../subscriptions/proration-event.js';
import type { Subscription } from '../../subscriptions/subscription.js';
import { subscriptionProducts } from '../../subscriptions/subscription-copies.js';
import {
  type InvoiceDraft,
  type InvoiceItem,
  type InvoiceProration,
  needsTax,
  taxRequired,
} from '../invoices/invoice.js';
import type { ProrationRounding } from './proration-policy.js';

const DAY_MS = 86_400_000;

/** The proration policy of the subscription's offering when its plan switches, as the merchant set it then. */
export interface ProrationPolicyInUse {
  readonly id: Uuid;
  readonly rounding: ProrationRounding;
}

/** The period of a subscription's latest invoice (the one starting last). */
export interface InvoicedPeriod {
  readonly start: Date;
  readonly end: Date;
}

/**
 * EPCC: "charges only prorate by day", the policy's `rounding` deciding how a part of a day counts: up to
 * the next whole day, down to the last, or to the nearest (half a day up).
 */
export const prorationDays = (from: Date, until: Date, rounding: ProrationRounding): number => {
  const exact = (until.getTime() - from.getTime()) / DAY_MS;
  switch (rounding) {
    case 'up':
      return Math.ceil(exact);
    case 'down':
      return Math.floor(exact);
    case 'nearest':
      return Math.round(exact);
  }
};

/** The whole days between two period boundaries (they keep the time of day): 28 February – 31 March is 31. */
export const daysBetween = (start: Date, end: Date): number => Math.round((end.getTime() - start.getTime()) / DAY_MS);

const samePeriodLength = (a: PlanAttributes, b: PlanAttributes): boolean =>
  a.billing_interval_type === b.billing_interval_type && a.billing_frequency === b.billing_frequency;

/**
 * The days a plan's day is counted over: the invoiced period's own days, between its two boundaries, for
 * a plan of the invoiced plan's length; one period of a plan of another length starting with the invoiced
 * one (a yearly plan: 365 or 366). Always against the plan that was invoiced, never the one a switch
 * leaves: after a switch to a fortnightly plan and back to a monthly one, a 31-day period still has 31.
 */
const periodDays = (invoiced: InvoicedPeriod, invoicedPlan: PlanAttributes, plan: PlanAttributes): number =>
  samePeriodLength(invoicedPlan, plan)
    ? daysBetween(invoiced.start, invoiced.end)
    : daysBetween(invoiced.start, addIntervals(invoiced.start, plan.billing_interval_type, plan.billing_frequency));

/** `days` of a period of `periodLength` days priced `price`, rounded down to the penny (EPCC); undefined past the largest amount. */
export const costOfDays = (price: number, days: number, periodLength: number): number | undefined =>
  asAmount(roundDown(times(price, fraction(days, periodLength))));

const priceOf = (subscription: Subscription, offering: Offering, plan: OfferingPlan): Price | undefined =>
  planPricing(subscriptionProducts(subscription, offering), plan).prices[subscription.currency];

const planOf = (offering: Offering, id: Uuid): OfferingPlan | undefined => offering.plans.find((p) => p.id === id);

/** The switches already prorated in the invoiced period, oldest first. */
const switchesIn = (subscription: Subscription, invoiced: InvoicedPeriod): readonly ProrationEvent[] =>
  (subscription.prorations ?? []).filter(
    (event) =>
      event.proratedUntil.getTime() === invoiced.end.getTime() &&
      event.proratedAt.getTime() >= invoiced.start.getTime(),
  );

/**
 * What the subscription was charged for the last `days` of the invoiced period under the plan a switch
 * leaves: what the latest earlier switch in the period charged, pro rata over the days it covered; else
 * the invoiced plan's price pro rata over the period's own days. Never more than was charged, so a switch
 * there and back in one period nets nothing but the rounding down of each amount.
 */
const chargedFor = (
  days: number,
  earlier: ProrationEvent | undefined,
  invoicedPrice: number,
  invoicedDays: number,
): number | undefined =>
  earlier === undefined
    ? costOfDays(invoicedPrice, days, invoicedDays)
    : costOfDays(earlier.newPlanCost, Math.min(days, earlier.days), earlier.days);

/**
 * The proration of a plan switch (from `before`'s plan to `after`'s at `now`), added to `after`'s
 * prorations: when the offering has a policy (EPCC: none, no proration), and `now` falls in the period of
 * its latest invoice and that period is not its trial (invoiced at zero, so nothing is refunded and the
 * trial stays free). EPCC: proration "adjusts the charges to reflect the time spent on each plan", as
 * Stripe credits the unused time on the old price and charges the remaining time on the new one: the days
 * left of that period are refunded at what they were charged (see `chargedFor`) and charged at the new
 * plan's price × days left / its period's days (see `periodDays`), each amount rounded down to the penny.
 * The next invoice charges the difference. Refused, with the reason, when an amount would pass the
 * largest the API answers.
 */
export const prorated = (
  before: Subscription,
  after: Subscription,
  offering: Offering,
  invoiced: InvoicedPeriod | undefined,
  policy: ProrationPolicyInUse | undefined,
  now: Date,
): E.Either<string, Subscription> => {
  if (policy === undefined || invoiced === undefined || before.planId === after.planId) return E.right(after);
  const inPeriod = invoiced.start.getTime() <= now.getTime() && now.getTime() < invoiced.end.getTime();
  if (!inPeriod || invoiced.end.getTime() <= before.billingAnchor.getTime()) return E.right(after);
  // Each plan as the subscription is priced on it: the old one as the invoiced period was, the new one from now.
  const invoicedAt = pricedAt(before, offering, invoiced.start);
  const switchedAt = pricedAt(after, offering, now);
  const from = planOf(invoicedAt, before.planId);
  const to = planOf(switchedAt, after.planId);
  const fromPrice = from === undefined ? undefined : priceOf(before, invoicedAt, from);
  const toPrice = to === undefined ? undefined : priceOf(after, switchedAt, to);
  if (from === undefined || to === undefined || fromPrice === undefined || toPrice === undefined) return E.right(after);
  const earlier = switchesIn(before, invoiced);
  const firstPlanId = earlier[0]?.from.planId;
  const invoicedPlan = (firstPlanId === undefined ? undefined : planOf(offering, firstPlanId)) ?? from;
  // Never more days than the period has, so the refund never exceeds what the period was charged.
  const invoicedDays = daysBetween(invoiced.start, invoiced.end);
  const days = Math.min(prorationDays(now, invoiced.end, policy.rounding), invoicedDays);
  if (days <= 0) return E.right(after);
  const refunded = chargedFor(days, earlier.at(-1), fromPrice.amount, invoicedDays);
  const newCost = costOfDays(toPrice.amount, days, periodDays(invoiced, invoicedPlan.attributes, to.attributes));
  if (refunded === undefined || newCost === undefined)
    return E.left('the proration of this plan switch would exceed the largest amount');
  const event: ProrationEvent = {
    prorationPolicyId: policy.id,
    billingCostBeforeProration: fromPrice.amount,
    refundedAmountForUnusedPlan: refunded,
    newPlanCost: newCost,
    proratedAt: now,
    proratedUntil: invoiced.end,
    days,
    from: { planId: from.id, name: from.attributes.name, includesTax: fromPrice.includes_tax ?? false },
    to: { planId: to.id, name: to.attributes.name, includesTax: toPrice.includes_tax ?? false },
  };
  return E.right({ ...after, prorations: [...(before.prorations ?? []), event] });
};

/** What the latest invoice of a subscription left for the next: how many prorations it charged through, and its credit. */
export type ProrationCarry = Pick<InvoiceProration, 'through' | 'creditCarried'>;

const line = (
  description: string,
  currency: string,
  amount: bigint,
  includesTax: boolean,
  from: Date,
  until: Date,
): InvoiceItem => ({
  description,
  price: { currency, amount: Number(amount), includes_tax: includesTax },
  fromTimePeriod: from,
  untilTimePeriod: until,
});

/**
 * One invoice with the subscription's prorations not charged yet, and the credit the invoice before it
 * carried: a line charging each new plan's days and a line refunding each old plan's, a line taking the
 * credit off. When refunds exceed what the invoice charges, it comes to zero with a line carrying the
 * rest to the next invoice (as Stripe keeps a customer's credit balance): nothing is paid back in money.
 */
const charged = (
  draft: InvoiceDraft,
  all: readonly ProrationEvent[],
  carry: ProrationCarry,
): E.Either<string, InvoiceDraft> => {
  const events = all.slice(carry.through);
  if (events.length === 0 && carry.creditCarried === 0)
    return E.right({ ...draft, proration: { events: [], through: all.length, creditCarried: 0 } });
  const { currency, billingPeriod } = draft;
  const lines: InvoiceItem[] = [];
  for (const event of events) {
    const span = [event.proratedAt, event.proratedUntil] as const;
    if (event.newPlanCost > 0)
      lines.push(
        line(
          `${event.to.name}: ${event.days} days after the plan switch (prorated)`,
          currency,
          BigInt(event.newPlanCost),
          event.to.includesTax,
          ...span,
        ),
      );
    if (event.refundedAmountForUnusedPlan > 0) {
      lines.push(
        line(
          `${event.from.name}: ${event.days} unused days refunded (prorated)`,
          currency,
          -BigInt(event.refundedAmountForUnusedPlan),
          event.from.includesTax,
          ...span,
        ),
      );
    }
  }
  if (carry.creditCarried > 0)
    lines.push(
      line(
        'Credit from the previous invoice',
        currency,
        -BigInt(carry.creditCarried),
        true,
        billingPeriod.start,
        billingPeriod.end,
      ),
    );
  const total = lines.reduce((sum, item) => sum + BigInt(item.price.amount), BigInt(draft.amount));
  const creditCarried = total < 0n ? -total : 0n;
  if (creditCarried > 0n)
    lines.push(
      line('Credit carried to the next invoice', currency, creditCarried, true, billingPeriod.start, billingPeriod.end),
    );
  const amount = asAmount(total + creditCarried);
  if (amount === undefined || asAmount(creditCarried) === undefined)
    return E.left('the invoice with its prorations would exceed the largest amount');
  const includesTax = draft.includesTax && !lines.some(needsTax);
  return E.right({
    ...draft,
    items: [...draft.items, ...lines],
    amount,
    includesTax,
    outstanding: amount > 0,
    taxRequired: taxRequired(amount, includesTax),
    proration: { events, through: all.length, creditCarried: Number(creditCarried) },
  });
};

/**
 * The drafts of one subscription from one billing run, oldest first, with its prorations charged on the
 * first of them and the credit passed along: EPCC puts a plan switch's proration on "the next billing run".
 */
export const chargeProrations = (
  drafts: readonly InvoiceDraft[],
  subscription: Subscription,
  carry: ProrationCarry,
): E.Either<string, readonly InvoiceDraft[]> => {
  const all = subscription.prorations ?? [];
  const result: InvoiceDraft[] = [];
  let left = carry;
  for (const draft of drafts) {
    const made = charged(draft, all, left);
    if (E.isLeft(made)) return made;
    result.push(made.right);
    left = made.right.proration;
  }
  return E.right(result);
};
