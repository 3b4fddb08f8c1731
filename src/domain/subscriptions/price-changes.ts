import type { PriceMap } from '../catalogue/catalogue-fields.js';
import type { Offering } from '../catalogue/offering.js';
import type { PlanAttributes } from '../catalogue/plan.js';
import { planPricing, priceTooLarge } from '../catalogue/pricing.js';
import type { Uuid } from '../shared/uuid.js';
import type { PlanPricingTerms, PriceChanges, ScheduledPriceChange } from './price-change.js';
import { type Subscription, standingAt } from './subscription.js';
import { subscriptionProducts } from './subscription-copies.js';

const isEmpty = (changes: PriceChanges): boolean =>
  Object.keys(changes.products).length === 0 && Object.keys(changes.plans).length === 0;

const pricesAt = (subscription: Subscription, at: Date): readonly ScheduledPriceChange[] =>
  (subscription.priceChanges ?? []).filter(
    (change) =>
      change.from.getTime() <= at.getTime() && (change.until === undefined || at.getTime() < change.until.getTime()),
  );

/** The terms of a plan with `terms` in place of its own: absent members are cleared, as the change replaces them whole. */
const withTerms = (attributes: PlanAttributes, terms: PlanPricingTerms): PlanAttributes => {
  const { fixed_price: _fixed, base_price_percentage: _percentage, ...rest } = attributes;
  return { ...rest, ...terms };
};

/**
 * The subscription's offering snapshot as it prices a period starting at `at`: its products and plans with
 * the price changes in force then put in place of their own prices. The pricing rule (`planPricing`) and
 * the invoice lines read this, so a changed price is an input to them, never a second rule.
 */
export const pricedAt = (subscription: Subscription, offering: Offering, at: Date): Offering => {
  const inForce = pricesAt(subscription, at);
  if (inForce.length === 0) return offering;
  const products = new Map<string, PriceMap>();
  const plans = new Map<string, PlanPricingTerms>();
  for (const { changes } of inForce) {
    for (const [id, price] of Object.entries(changes.products)) products.set(id, price);
    for (const [id, terms] of Object.entries(changes.plans)) plans.set(id, terms);
  }
  return {
    ...offering,
    products: offering.products.map((p) => {
      const price = products.get(p.id);
      return price === undefined ? p : { ...p, attributes: { ...p.attributes, price } };
    }),
    plans: offering.plans.map((p) => {
      const terms = plans.get(p.id);
      return terms === undefined ? p : { ...p, attributes: withTerms(p.attributes, terms) };
    }),
  };
};

/**
 * The changes that may be the pending one, oldest first: those not ended. Which is pending depends on how far
 * the subscription is invoiced (`pendingAmong`), which billing runs move without changing anything else.
 */
export const pendingCandidates = (subscription: Subscription): readonly ScheduledPriceChange[] =>
  (subscription.priceChanges ?? []).filter((change) => change.until === undefined);

/** The first of `candidates` no period has been invoiced from yet, with the subscription invoiced up to `invoiceAfter`. */
export const pendingAmong = <C extends { readonly from: Date }>(
  candidates: readonly C[],
  invoiceAfter: Date,
): C | undefined => candidates.find((change) => invoiceAfter.getTime() <= change.from.getTime());

/** The change that has not priced a period yet: none has been invoiced from its `from` on. */
export const pendingPriceChange = (subscription: Subscription): ScheduledPriceChange | undefined =>
  pendingAmong(pendingCandidates(subscription), subscription.invoiceAfter);

/** The changes that have priced a period, oldest first, each with the prices it replaced and when. */
export const appliedPriceChanges = (subscription: Subscription): readonly ScheduledPriceChange[] =>
  appliedBeside(subscription, pendingPriceChange(subscription));

/** Every change of the subscription but `pending`: all have priced a period when `pending` is the pending one. */
export const appliedBeside = (
  subscription: Subscription,
  pending: ScheduledPriceChange | undefined,
): readonly ScheduledPriceChange[] => (subscription.priceChanges ?? []).filter((change) => change !== pending);

/** The part of `changes` that names what the subscription holds: its plan, and the products of `offering` it holds. */
export const changesFor = (changes: PriceChanges, planId: Uuid, productIds: readonly string[]): PriceChanges => ({
  products: Object.fromEntries(Object.entries(changes.products).filter(([id]) => productIds.includes(id))),
  plans: Object.fromEntries(Object.entries(changes.plans).filter(([id]) => id === planId)),
});

const termsOf = (attributes: PlanAttributes): PlanPricingTerms => ({
  ...(attributes.fixed_price === undefined ? {} : { fixed_price: attributes.fixed_price }),
  ...(attributes.base_price_percentage === undefined
    ? {}
    : { base_price_percentage: attributes.base_price_percentage }),
});

/** What the products and plans `changes` names cost in `offering` (already priced for the subscription). */
const previousOf = (changes: PriceChanges, offering: Offering): PriceChanges => ({
  products: Object.fromEntries(
    offering.products.flatMap((p) => (p.id in changes.products ? [[p.id, p.attributes.price ?? {}]] : [])),
  ),
  plans: Object.fromEntries(
    offering.plans.flatMap((p) => (p.id in changes.plans ? [[p.id, termsOf(p.attributes)]] : [])),
  ),
});

/**
 * Where a change scheduled at `now` starts: the next period. When the running period is invoiced that is
 * where it ends (`invoice_after`); when billing runs are behind, every period starting from `now` on, so a
 * period that had begun keeps the price it began with.
 */
export const nextPeriodFrom = (subscription: Subscription, now: Date): Date =>
  subscription.invoiceAfter.getTime() > now.getTime() ? subscription.invoiceAfter : now;

/**
 * The subscription with `changes` (already narrowed to what it holds) scheduled for its next period. A
 * change still pending is superseded: the two are merged, the later price winning for what both name (as a
 * later Stripe schedule update replaces the phase it names), and the merged change starts at the next period.
 * Undefined when nothing in `changes` concerns the subscription.
 */
export const scheduledPriceChange = (
  subscription: Subscription,
  offering: Offering,
  changes: PriceChanges,
  now: Date,
): Subscription | undefined => {
  if (isEmpty(changes)) return undefined;
  const pending = pendingPriceChange(subscription);
  const kept = (subscription.priceChanges ?? []).filter((change) => change !== pending);
  const merged: PriceChanges =
    pending === undefined
      ? changes
      : {
          products: { ...pending.changes.products, ...changes.products },
          plans: { ...pending.changes.plans, ...changes.plans },
        };
  const from = nextPeriodFrom(subscription, now);
  const before = pricedAt({ ...subscription, priceChanges: kept }, offering, from);
  return {
    ...subscription,
    priceChanges: [...kept, { changes: merged, previous: previousOf(merged, before), from }],
  };
};

/**
 * A plan switch or cancel at `now` ends the subscription's price changes: a pending one is dropped (it
 * never priced a period), those in force stop at `now`; they stay as history.
 */
export const priceChangesEndedAt = (subscription: Subscription, now: Date): Subscription => {
  if (subscription.priceChanges === undefined) return subscription;
  const pending = pendingPriceChange(subscription);
  const ended = subscription.priceChanges
    .filter((change) => change !== pending)
    .map((change) => (change.until === undefined ? { ...change, until: now } : change));
  const { priceChanges: _dropped, ...rest } = subscription;
  return ended.length === 0 ? rest : { ...rest, priceChanges: ended };
};

/** What a price update does to one subscription: schedules a change, leaves it alone, or fails with the reason. */
export type PriceUpdateOutcome =
  | { readonly kind: 'updated'; readonly subscription: Subscription }
  | { readonly kind: 'untouched' }
  | { readonly kind: 'failed'; readonly reason: string };

/**
 * A `subscription-update` job's effect on one subscription at `now`: the part of `changes` naming its plan or
 * the products it holds is scheduled for its next period; untouched when no part does. It fails when it has
 * no next period (canceled or closed), or when its plan would have no price in its currency after the change.
 */
export const priceUpdateOf = (
  subscription: Subscription,
  offering: Offering,
  changes: PriceChanges,
  now: Date,
): PriceUpdateOutcome => {
  const plan = offering.plans.find((p) => p.id === subscription.planId);
  if (plan === undefined) return { kind: 'failed', reason: 'the subscription plan is not in its offering snapshot' };
  if (subscription.flags.canceled || standingAt(subscription, plan.attributes, now).closed)
    return { kind: 'failed', reason: 'the subscription has ended: it has no next period to price' };
  const held = subscriptionProducts(subscription, offering).map((p) => p.id);
  const scheduled = scheduledPriceChange(subscription, offering, changesFor(changes, plan.id, held), now);
  if (scheduled === undefined) return { kind: 'untouched' };
  const priced = pricedAt(scheduled, offering, nextPeriodFrom(subscription, now));
  const pricedPlan = priced.plans.find((p) => p.id === plan.id) ?? plan;
  const pricing = planPricing(subscriptionProducts(scheduled, priced), pricedPlan);
  if (pricing.tooLarge.includes(subscription.currency))
    return { kind: 'failed', reason: priceTooLarge(subscription.currency) };
  if (pricing.prices[subscription.currency] === undefined)
    return {
      kind: 'failed',
      reason: `the plan would have no price in the subscription's currency, ${subscription.currency}`,
    };
  return { kind: 'updated', subscription: { ...scheduled, timestamps: { ...scheduled.timestamps, updatedAt: now } } };
};
