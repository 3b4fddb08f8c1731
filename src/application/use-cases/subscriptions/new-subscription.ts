import * as E from 'fp-ts/lib/Either.js';
import { withFirstInvoice } from '../../../domain/billing/invoices/first-invoice.js';
import { isPartial, productsOfPlan } from '../../../domain/catalogue/eligibility.js';
import { OFFERING_NOT_FOUND, type Offering } from '../../../domain/catalogue/offering.js';
import { planPricing, priceTooLarge } from '../../../domain/catalogue/pricing.js';
import { type DomainError, issue, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { goingLive } from '../../../domain/subscriptions/going-live.js';
import { billingAnchorOf, type Subscription } from '../../../domain/subscriptions/subscription.js';
import { heldEligibly } from '../../../domain/subscriptions/subscription-copies.js';
import { parseNewSubscription } from '../../../domain/subscriptions/subscription-input.js';
import type { SubscriptionRequest } from '../../../domain/subscriptions/subscription-input-2025.js';
import type { NewSubscription } from '../../ports/subscriptions/subscription-repository.js';
import type { IdGenerator } from '../../ports/system.js';

/**
 * Where a new subscription's offering comes from: the store's offering by id, and the id of the snapshot
 * of its version. One create asks the repositories; an import asks a cache over them, once per offering.
 */
export interface OfferingSource {
  offering(storeId: Uuid, id: Uuid): Promise<Offering | undefined>;
  snapshot(offering: Offering): Promise<Uuid>;
}

/** A subscription ready to store, with its first invoice, and the offering it was made from. */
export type PreparedSubscription = NewSubscription & { readonly offering: Offering };

/** How a create request's `data` is read: the 2024 body by default, or a generation's own reading of it. */
export type SubscriptionReader = (data: unknown) => E.Either<DomainError, SubscriptionRequest>;

const read2024: SubscriptionReader = (data) => E.mapLeft(validationFailed)(parseNewSubscription(data));

/**
 * Decides a new subscription from a create request's `data`, at `now` (the store's time): one plan of an
 * offering, in a currency that plan is priced in, with the invoice of its first period when that has
 * begun. Nothing is stored: the create endpoint stores one, an import a batch of them.
 */
export const prepareSubscription = async (
  storeId: Uuid,
  data: unknown,
  source: OfferingSource,
  now: Date,
  ids: IdGenerator,
  read: SubscriptionReader = read2024,
): Promise<E.Either<DomainError, PreparedSubscription>> => {
  const input = read(data);
  if (E.isLeft(input)) return input;
  const offering = await source.offering(storeId, input.right.offering_id);
  if (offering === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
  const plan = offering.plans.find((p) => p.id === input.right.plan_id);
  if (plan === undefined)
    return E.left(validationFailed([issue('data.plan_id', "must be one of the offering's plans")]));
  const held = heldProducts(offering, plan.id, input.right.product_ids);
  if (E.isLeft(held)) return held;
  const pricing = planPricing(held.right.products, plan);
  if (pricing.tooLarge.includes(input.right.currency))
    return E.left(validationFailed([issue('data.currency', priceTooLarge(input.right.currency))]));
  const currencies = Object.keys(pricing.prices).sort();
  if (!currencies.includes(input.right.currency)) {
    const priced = currencies.length === 0 ? 'the plan has no price' : `the plan is priced in ${currencies.join(', ')}`;
    return E.left(validationFailed([issue('data.currency', `must be a currency the plan is priced in; ${priced}`)]));
  }

  const live = goingLive(input.right);
  if (E.isLeft(live)) return E.left(validationFailed(live.left));
  const subscription: Subscription = {
    id: ids.uuid(),
    storeId,
    accountId: input.right.account_id,
    offeringId: offering.id,
    offeringVersionId: await source.snapshot(offering),
    planId: plan.id,
    ...(held.right.productIds === undefined ? {} : { productIds: held.right.productIds }),
    currency: input.right.currency,
    name: input.right.name,
    email: input.right.email,
    ...(input.right.external_ref === undefined ? {} : { externalRef: input.right.external_ref }),
    paymentAuthority: input.right.payment_authority,
    ...(input.right.address_id === undefined ? {} : { addressId: input.right.address_id }),
    manualPayments: input.right.manual_payments ?? false,
    flags: { canceled: false, paused: false, suspended: false, pending: live.right.pending },
    timestamps: { createdAt: now, updatedAt: now },
    ...(live.right.goLiveAfter === undefined ? {} : { goLiveAfter: live.right.goLiveAfter }),
    billingAnchor: billingAnchorOf(live.right.goLiveAfter ?? now, plan.attributes),
    invoiceAfter: live.right.goLiveAfter ?? now,
  };
  const eligible = heldEligibly(subscription, offering, 'data.plan_id');
  if (E.isLeft(eligible)) return eligible;
  // EPCC: the invoice of the first period is made with the subscription, and stored in its transaction.
  const made = withFirstInvoice(subscription, offering, plan.attributes, { id: ids.uuid(), now });
  return E.right({ ...made, offering });
};

/**
 * The products a new subscription holds: those asked for, each one of the offering's; or, when none are
 * asked for (2024's create), every product that may be bought under the plan: all of them, unless the
 * offering's eligibility is partial (made on the 2025 wire).
 */
const heldProducts = (
  offering: Offering,
  planId: Uuid,
  asked: readonly Uuid[] | undefined,
): E.Either<DomainError, { readonly products: Offering['products']; readonly productIds?: readonly Uuid[] }> => {
  if (asked === undefined) {
    if (!isPartial(offering)) return E.right({ products: offering.products });
    const products = productsOfPlan(offering, planId);
    if (products.length === 0)
      return E.left(validationFailed([issue('data.plan_id', "is associated with none of the offering's products")]));
    return E.right({ products, productIds: products.map((p) => p.id) });
  }
  const unknown = asked.findIndex((id) => !offering.products.some((p) => p.id === id));
  if (unknown >= 0)
    return E.left(validationFailed([issue(`data.product_ids.${unknown}`, "must be one of the offering's products")]));
  const products = offering.products.filter((p) => asked.includes(p.id));
  return E.right({ products, productIds: products.map((p) => p.id) });
};
