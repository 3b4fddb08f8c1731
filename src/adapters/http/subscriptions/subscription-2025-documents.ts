import type { Offering } from '../../../domain/catalogue/offering.js';
import { OFFERING_PLAN_TYPE } from '../../../domain/catalogue/offering.js';
import { shownOn2025Wire } from '../../../domain/subscriptions/payment-authority.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';
import { subscriptionProducts } from '../../../domain/subscriptions/subscription-copies.js';
import type { SubscriptionInclude } from '../../../domain/subscriptions/subscription-query.js';
import {
  offering2025Resource,
  offeringPlan2025Resource,
  offeringPricingOption2025Resource,
  PRICING_OPTION_TYPE,
} from '../catalogue/offering-2025-documents.js';
import { subscriptionResource } from './subscription-documents.js';

/** An offering version never changes: its 2025 document is built once and shared by every subscription made from it. */
const offeringDocuments = new WeakMap<Offering, ReturnType<typeof offering2025Resource>>();
const sharedOffering2025 = (offering: Offering) => {
  let document = offeringDocuments.get(offering);
  if (document === undefined) {
    document = offering2025Resource(offering);
    offeringDocuments.set(offering, document);
  }
  return document;
};

/**
 * A subscription on EPCC's 2025 wire: the same record as the 2024 resource, its domain plan shown as
 * `pricing_option_id`, the first product it holds as `plan_id`, and its offering in 2025 terms. A payment
 * authority of a type the 2025 documents do not name (the seed's `platform_payments_processor`) is not shown.
 */
export const subscription2025Resource = (subscription: Subscription, offering: Offering, now: Date) => {
  const resource = subscriptionResource(subscription, offering, now);
  const held = subscriptionProducts(subscription, offering);
  const { plan_id: _plan, payment_authority: authority, offering: _offering, ...attributes } = resource.attributes;
  const first = held[0];
  return {
    id: resource.id,
    type: resource.type,
    attributes: {
      ...attributes,
      offering: sharedOffering2025(offering),
      ...(first === undefined ? {} : { plan_id: first.id }),
      pricing_option_id: subscription.planId,
      ...(shownOn2025Wire(authority) ? { payment_authority: authority } : {}),
    },
    relationships: {
      offering: resource.relationships.offering,
      plans: { data: held.map((product) => ({ id: product.id, type: OFFERING_PLAN_TYPE })) },
      pricing_options: { data: [{ id: subscription.planId, type: PRICING_OPTION_TYPE }] },
    },
    // The first invoice is paid by a payment run: a create never marks it prepaid. `paused_by` (EPCC 2026) is
    // shown while paused; one paused before the service recorded who did it shows none, as EPCC allows.
    meta: {
      ...resource.meta,
      first_invoice_prepaid: false,
      ...(subscription.flags.paused && subscription.pausedBy !== undefined ? { paused_by: subscription.pausedBy } : {}),
    },
  };
};

/** The 2025 names of the related resources a subscription response embeds, and the domain's copies behind each. */
export const SUBSCRIPTION_INCLUDES_2025 = { plans: 'products', pricing_options: 'plans' } as const satisfies Record<
  string,
  SubscriptionInclude
>;

/** A subscription's plans on the 2025 wire: every product of its snapshot, `meta.active_plan` true on those it holds. */
export const subscriptionPlans2025 = (subscription: Subscription, offering: Offering, currency?: string) => {
  const held = new Set(subscriptionProducts(subscription, offering).map((product) => product.id));
  return offering.products.map((product) => {
    const resource = offeringPlan2025Resource(product, offering, currency);
    return { ...resource, meta: { ...resource.meta, active_plan: held.has(product.id) } };
  });
};

/** A subscription's pricing options on the 2025 wire: every plan of its snapshot, `meta.active_pricing_option` true on its own. */
export const subscriptionPricingOptions2025 = (subscription: Subscription, offering: Offering, currency?: string) =>
  offering.plans.map((plan) => {
    const resource = offeringPricingOption2025Resource(plan, offering, currency);
    return { ...resource, meta: { ...resource.meta, active_pricing_option: plan.id === subscription.planId } };
  });

/** `included.plans` and `included.pricing_options` of 2025: each plan and pricing option of the offerings once, only the kinds asked for. */
export const included2025For = (
  offerings: Iterable<Offering>,
  include: ReadonlySet<SubscriptionInclude>,
  currency?: string,
) => {
  if (include.size === 0) return {};
  const plans = new Map<string, ReturnType<typeof offeringPlan2025Resource>>();
  const options = new Map<string, ReturnType<typeof offeringPricingOption2025Resource>>();
  for (const offering of offerings) {
    if (include.has('products'))
      for (const product of offering.products)
        if (!plans.has(product.id)) plans.set(product.id, offeringPlan2025Resource(product, offering, currency));
    if (include.has('plans'))
      for (const plan of offering.plans)
        if (!options.has(plan.id)) options.set(plan.id, offeringPricingOption2025Resource(plan, offering, currency));
  }
  return {
    included: {
      ...(include.has('products') ? { plans: [...plans.values()] } : {}),
      ...(include.has('plans') ? { pricing_options: [...options.values()] } : {}),
    },
  };
};
