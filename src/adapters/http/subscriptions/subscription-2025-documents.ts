import type { Offering } from '../../../domain/catalogue/offering.js';
import { OFFERING_PLAN_TYPE } from '../../../domain/catalogue/offering.js';
import { priceChangesWire } from '../../../domain/jobs/price-update.js';
import { shownOn2025Wire } from '../../../domain/subscriptions/payment-authority.js';
import type { ScheduledPriceChange } from '../../../domain/subscriptions/price-change.js';
import { appliedBeside, pendingPriceChange } from '../../../domain/subscriptions/price-changes.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';
import { subscriptionProducts } from '../../../domain/subscriptions/subscription-copies.js';
import type { SubscriptionInclude } from '../../../domain/subscriptions/subscription-query.js';
import {
  offering2025Resource,
  offeringPlan2025Resource,
  offeringPricingOption2025Resource,
  PRICING_OPTION_TYPE,
} from '../catalogue/offering-2025-documents.js';
import type { JsonBytes } from '../documents/json-bytes.js';
import { formatTimestamp } from '../timestamps.js';
import { subscriptionResource } from './subscription-documents.js';

/** An offering version never changes: its 2025 document is built once and shared by every subscription made from it. */
const offeringDocuments = new WeakMap<Offering, ReturnType<typeof offering2025Resource>>();
export const sharedOffering2025 = (offering: Offering) => {
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
export const subscription2025Resource = (subscription: Subscription, offering: Offering, now: Date) =>
  resourceWith(subscription, offering, now, sharedOffering2025(offering));

/**
 * The members `priceChangesMeta` adds with `pending` as the pending change, as the text that follows a member
 * before them (`,` first).
 */
export const priceChangesText = (subscription: Subscription, pending: ScheduledPriceChange | undefined): string => {
  const text = JSON.stringify(priceChangesMetaWith(subscription, pending));
  return text === '{}' ? '' : `,${text.slice(1, -1)}`;
};

const resourceWith = <O>(subscription: Subscription, offering: Offering, now: Date, offeringMember: O) => {
  const resource = subscriptionResource(subscription, offering, now);
  const held = subscriptionProducts(subscription, offering);
  const { plan_id: _plan, payment_authority: authority, offering: _offering, ...attributes } = resource.attributes;
  const first = held[0];
  return {
    id: resource.id,
    type: resource.type,
    attributes: {
      offering: offeringMember,
      ...attributes,
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
      ...priceChangesMeta(subscription),
    },
  };
};

/**
 * EPCC 2026's `pending_price_change` (the change waiting for the next period) and `price_update_history`
 * (what each applied change replaced, valid until it applied), shown once a price update reached it.
 */
const priceChangesMeta = (subscription: Subscription) =>
  priceChangesMetaWith(subscription, pendingPriceChange(subscription));

const priceChangesMetaWith = (subscription: Subscription, pending: ScheduledPriceChange | undefined) => {
  if (subscription.priceChanges === undefined) return {};
  const applied = appliedBeside(subscription, pending);
  return {
    ...(pending === undefined ? {} : { pending_price_change: priceChangesWire(pending.changes) }),
    ...(applied.length === 0
      ? {}
      : {
          price_update_history: applied.map((change) => ({
            price_changes: priceChangesWire(change.previous),
            valid_until: formatTimestamp(change.from),
          })),
        }),
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

type IncludedPlan = ReturnType<typeof offeringPlan2025Resource>;
type IncludedPricingOption = ReturnType<typeof offeringPricingOption2025Resource>;
type Included2025 = {
  readonly plans: readonly IncludedPlan[];
  readonly pricingOptions: readonly IncludedPricingOption[];
};

/**
 * An offering version never changes, so its 2025 plan and pricing option documents are built once per version
 * (and currency) and shared by every answer that includes them.
 */
const builtFor = new WeakMap<Offering, Map<string, Included2025>>();

const documentsOf = (offering: Offering, currency: string | undefined): Included2025 => {
  let byCurrency = builtFor.get(offering);
  if (byCurrency === undefined) {
    byCurrency = new Map();
    builtFor.set(offering, byCurrency);
  }
  const key = currency ?? '';
  let built = byCurrency.get(key);
  if (built === undefined) {
    built = {
      plans: offering.products.map((product) => offeringPlan2025Resource(product, offering, currency)),
      pricingOptions: offering.plans.map((plan) => offeringPricingOption2025Resource(plan, offering, currency)),
    };
    // A currency header is the client's choice: keep a handful per version, not one per value ever sent.
    if (byCurrency.size < 8) byCurrency.set(key, built);
  }
  return built;
};

/** Each plan and pricing option of the offerings once, only the kinds asked for (in the domain's names). */
const includedDocuments = (
  offerings: Iterable<Offering>,
  include: ReadonlySet<SubscriptionInclude>,
  currency: string | undefined,
) => {
  const plans = new Map<string, IncludedPlan>();
  const options = new Map<string, IncludedPricingOption>();
  for (const offering of offerings) {
    const built = documentsOf(offering, currency);
    if (include.has('products')) for (const plan of built.plans) if (!plans.has(plan.id)) plans.set(plan.id, plan);
    if (include.has('plans'))
      for (const option of built.pricingOptions) if (!options.has(option.id)) options.set(option.id, option);
  }
  return {
    ...(include.has('products') ? { plans: [...plans.values()] } : {}),
    ...(include.has('plans') ? { pricing_options: [...options.values()] } : {}),
  };
};

/** `included.plans` and `included.pricing_options` of 2025: each plan and pricing option of the offerings once, only the kinds asked for. */
export const included2025For = (
  offerings: Iterable<Offering>,
  include: ReadonlySet<SubscriptionInclude>,
  currency?: string,
) => (include.size === 0 ? {} : { included: includedDocuments(offerings, include, currency) });

/** Writes `,"included":{…}` as `included2025For` has it, each document as its bytes; nothing when none is asked for. */
export const writeIncluded2025 = (
  out: JsonBytes,
  offerings: Iterable<Offering>,
  include: ReadonlySet<SubscriptionInclude>,
  currency?: string,
): void => {
  if (include.size === 0) return;
  const included = includedDocuments(offerings, include, currency);
  out.text(',"included":{');
  Object.entries(included).forEach(([name, documents], i) => {
    out.text(`${i > 0 ? ',' : ''}${JSON.stringify(name)}:[`);
    documents.forEach((document, j) => {
      if (j > 0) out.text(',');
      out.document(document);
    });
    out.text(']');
  });
  out.text('}');
};
