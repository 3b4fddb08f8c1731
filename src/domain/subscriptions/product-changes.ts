import * as E from 'fp-ts/lib/Either.js';
import type { Offering } from '../catalogue/offering.js';
import { parseIdList } from '../catalogue/offering-input.js';
import { planPricing, priceTooLarge } from '../catalogue/pricing.js';
import {
  type DomainError,
  issue,
  issues,
  unprocessable,
  type ValidationIssue,
  validationFailed,
} from '../shared/errors.js';
import { oneOf } from '../shared/literal.js';
import type { Uuid } from '../shared/uuid.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import { priceChangesEndedAt } from './price-changes.js';
import { type Subscription, standingAt } from './subscription.js';
import { subscriptionProducts } from './subscription-copies.js';

export const PRODUCT_CHANGE_TYPES = ['attach', 'detach', 'replace'] as const;
export type ProductChangeType = (typeof PRODUCT_CHANGE_TYPES)[number];

/** One step of `PUT .../:id/products`: products of the subscription's offering to add, drop, or hold alone. */
export interface ProductChange {
  readonly type: ProductChangeType;
  readonly products: readonly Uuid[];
}

/** How many steps one request may take. */
export const PRODUCT_CHANGE_STEPS_MAX = 10;

/** `{"data": [{"type": "attach", "products": ["<id>"]}, ...]}`, as EPCC's `ManageSubscriptionProducts`. */
export const parseProductChanges = (data: unknown): Parsed<readonly ProductChange[]> => {
  if (!Array.isArray(data) || data.length === 0 || data.length > PRODUCT_CHANGE_STEPS_MAX)
    return E.left(issues('data', `must be a list of 1 to ${PRODUCT_CHANGE_STEPS_MAX} changes`));
  const problems: ValidationIssue[] = [];
  const changes: ProductChange[] = [];
  for (const [index, step] of (data as unknown[]).entries()) {
    const source = `data.${index}`;
    if (!isRecord(step)) {
      problems.push(issue(source, 'must be an object'));
      continue;
    }
    const type = oneOf(PRODUCT_CHANGE_TYPES)(`${source}.type`)(step['type']);
    const products = parseIdList(`${source}.products`)(step['products']);
    if (E.isLeft(type)) problems.push(...type.left);
    if (E.isLeft(products)) problems.push(...products.left);
    if (E.isRight(type) && E.isRight(products)) changes.push({ type: type.right, products: products.right });
  }
  const [first, ...rest] = problems;
  return first === undefined ? E.right(changes) : E.left([first, ...rest]);
};

/** What is held after one step. */
const step = (held: ReadonlySet<Uuid>, change: ProductChange): Set<Uuid> => {
  if (change.type === 'replace') return new Set(change.products);
  const next = new Set(held);
  for (const id of change.products) {
    if (change.type === 'attach') next.add(id);
    else next.delete(id);
  }
  return next;
};

/**
 * Whether the steps leave the subscription holding exactly what it holds: the 2025 wire's `plan_id` naming
 * the one plan a subscription already holds asks for no product change at all.
 */
export const leavesProductsAsTheyAre = (
  subscription: Subscription,
  offering: Offering,
  changes: readonly ProductChange[],
): boolean => {
  const before = new Set(subscriptionProducts(subscription, offering).map((p) => p.id));
  const after = changes.reduce<ReadonlySet<Uuid>>(step, before);
  return after.size === before.size && [...after].every((id) => before.has(id));
};

/**
 * Applies the steps in order to the product copies the subscription holds. Every product named must be
 * one of its offering snapshot's (a detached one must be held), a canceled or closed subscription keeps
 * what it has, and the plan must stay priced in the subscription's currency for what is left.
 */
export const applyProductChanges = (
  subscription: Subscription,
  offering: Offering,
  changes: readonly ProductChange[],
  now: Date,
): E.Either<DomainError, Subscription> => {
  const plan = offering.plans.find((p) => p.id === subscription.planId);
  if (plan === undefined) throw new Error(`plan ${subscription.planId} is missing from its offering snapshot`);
  if (subscription.flags.canceled || standingAt(subscription, plan.attributes, now).closed) {
    return E.left(
      unprocessable(
        `a ${subscription.flags.canceled ? 'canceled' : 'closed'} subscription cannot change its products`,
        'state_transition_not_allowed',
      ),
    );
  }
  const offered = new Set(offering.products.map((p) => p.id));
  let held = new Set(subscriptionProducts(subscription, offering).map((p) => p.id));
  const problems: ValidationIssue[] = [];
  changes.forEach((change, index) => {
    change.products.forEach((id, n) => {
      const source = `data.${index}.products.${n}`;
      if (!offered.has(id)) problems.push(issue(source, "is not a product of the subscription's offering"));
      else if (change.type === 'detach' && !held.has(id))
        problems.push(issue(source, 'is not a product the subscription holds'));
    });
    held = step(held, change);
  });
  const [first, ...rest] = problems;
  if (first !== undefined) return E.left(validationFailed([first, ...rest]));
  const productIds = offering.products.filter((p) => held.has(p.id)).map((p) => p.id);
  const switched =
    productIds.join() !==
    subscriptionProducts(subscription, offering)
      .map((p) => p.id)
      .join();
  const changed: Subscription = {
    // Holding other products is a switch (a 2025 plan switch): it ends the price changes (see `priceChangesEndedAt`).
    ...(switched ? priceChangesEndedAt(subscription, now) : subscription),
    productIds,
    timestamps: { ...subscription.timestamps, updatedAt: now },
  };
  const pricing = planPricing(subscriptionProducts(changed, offering), plan);
  if (pricing.tooLarge.includes(subscription.currency))
    return E.left(validationFailed([issue('data', priceTooLarge(subscription.currency))]));
  if (pricing.prices[subscription.currency] === undefined) {
    return E.left(
      validationFailed([
        issue('data', `would leave the subscription's plan without a price in ${subscription.currency}`),
      ]),
    );
  }
  return E.right(changed);
};
