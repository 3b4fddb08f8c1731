import { productsOfPlan } from '../../../domain/catalogue/eligibility.js';
import type { Offering, OfferingPlan, OfferingProduct } from '../../../domain/catalogue/offering.js';
import {
  endDateOf,
  STATE_TYPE,
  SUBSCRIPTION_TYPE,
  type Subscription,
  type SubscriptionStateRecord,
  standingAt,
} from '../../../domain/subscriptions/subscription.js';
import type { SubscriptionInclude } from '../../../domain/subscriptions/subscription-query.js';
import {
  offeringPlanResource,
  offeringProductResource,
  offeringResource,
} from '../catalogue/subscription-catalogue-documents.js';
import type { JsonBytes } from '../documents/json-bytes.js';
import { formatTimestamp } from '../timestamps.js';

export const stateResource = (state: SubscriptionStateRecord) => ({
  id: state.id,
  type: STATE_TYPE,
  attributes: { action: state.action },
  meta: {
    created_at: formatTimestamp(state.createdAt),
    canceled: state.flags.canceled,
    paused: state.flags.paused,
    closed: state.flags.closed,
    suspended: state.flags.suspended,
    invoice_after: formatTimestamp(state.invoiceAfter),
  },
});

const optionalTimestamp = (name: string, date: Date | undefined) =>
  date === undefined ? {} : { [name]: formatTimestamp(date) };

/**
 * The seed's subscription resource, with EPCC's meta flags beside it: `attributes.status` and
 * `meta.status` are the same value, and `attributes.state` (the seed's place) and `meta.state` (EPCC's) are both
 * the latest state change, if any.
 */
export const subscriptionResource = (subscription: Subscription, offering: Offering, now: Date) => {
  const plan = offering.plans.find((p) => p.id === subscription.planId);
  const { pending, closed, status } = standingAt(subscription, plan?.attributes, now);
  const { timestamps } = subscription;
  const state = subscription.state === undefined ? {} : { state: stateResource(subscription.state) };
  return {
    id: subscription.id,
    type: SUBSCRIPTION_TYPE,
    attributes: {
      ...(subscription.externalRef === undefined ? {} : { external_ref: subscription.externalRef }),
      account_id: subscription.accountId,
      offering: sharedOfferingResource(offering),
      plan_id: subscription.planId,
      currency: subscription.currency,
      payment_authority: subscription.paymentAuthority,
      ...(subscription.addressId === undefined ? {} : { address_id: subscription.addressId }),
      ...(subscription.goLiveAfter === undefined ? {} : { go_live_after: formatTimestamp(subscription.goLiveAfter) }),
      status,
      ...state,
      name: subscription.name,
      email: subscription.email,
    },
    relationships: {
      offering: { data: { id: offering.id, type: 'subscription_offering' } },
      plans: { data: [{ id: subscription.planId, type: 'subscription_offering_plan' }] },
    },
    meta: {
      owner: 'store',
      status,
      ...state,
      canceled: subscription.flags.canceled,
      paused: subscription.flags.paused,
      closed,
      pending,
      suspended: subscription.flags.suspended,
      invoice_after: formatTimestamp(subscription.invoiceAfter),
      manual_payments: subscription.manualPayments,
      timestamps: {
        created_at: formatTimestamp(timestamps.createdAt),
        updated_at: formatTimestamp(timestamps.updatedAt),
        ...optionalTimestamp('canceled_at', timestamps.canceledAt),
        ...optionalTimestamp('paused_at', timestamps.pausedAt),
        ...optionalTimestamp('resumed_at', timestamps.resumedAt),
        ...optionalTimestamp('end_date', endDateOf(subscription, plan?.attributes)),
      },
    },
  };
};

/** A plan of a subscription's offering: `meta.active_plan` is true on the one it is on and null on the others, as EPCC writes it. */
export const subscriptionPlanResource = (
  plan: OfferingPlan,
  subscription: Subscription,
  products: readonly OfferingProduct[],
  currency?: string,
) => {
  const resource = offeringPlanResource(plan, products, currency);
  return { ...resource, meta: { ...resource.meta, active_plan: plan.id === subscription.planId ? true : null } };
};

/**
 * An offering version never changes, so its documents are built once per version (and currency) and
 * shared by every response that includes them; the snapshot cache hands out one object per version.
 */
const builtFor = new WeakMap<
  Offering,
  Map<string, { readonly plans: readonly IncludedPlan[]; readonly products: readonly IncludedProduct[] }>
>();
type IncludedPlan = ReturnType<typeof offeringPlanResource>;
type IncludedProduct = ReturnType<typeof offeringProductResource>;

const documentsOf = (offering: Offering, currency: string | undefined) => {
  let byCurrency = builtFor.get(offering);
  if (byCurrency === undefined) {
    byCurrency = new Map();
    builtFor.set(offering, byCurrency);
  }
  const key = currency ?? '';
  let built = byCurrency.get(key);
  if (built === undefined) {
    built = {
      plans: offering.plans.map((plan) => offeringPlanResource(plan, productsOfPlan(offering, plan.id), currency)),
      products: offering.products.map((product) => offeringProductResource(product, currency)),
    };
    // A currency header is the client's choice: keep a handful per version, not one per value ever sent.
    if (byCurrency.size < 8) byCurrency.set(key, built);
  }
  return built;
};

/** The offering document inside a subscription, built once per offering version. */
const offeringDocuments = new WeakMap<Offering, ReturnType<typeof offeringResource>>();
export const sharedOfferingResource = (offering: Offering): ReturnType<typeof offeringResource> => {
  let document = offeringDocuments.get(offering);
  if (document === undefined) {
    document = offeringResource(offering);
    offeringDocuments.set(offering, document);
  }
  return document;
};

/** Every plan and product of the offerings behind the subscriptions, each once; only the kinds asked for. */
const includedDocuments = (
  offerings: Iterable<Offering>,
  include: ReadonlySet<SubscriptionInclude>,
  currency: string | undefined,
) => {
  const plans = new Map<string, IncludedPlan>();
  const products = new Map<string, IncludedProduct>();
  for (const offering of offerings) {
    const built = documentsOf(offering, currency);
    if (include.has('plans')) for (const plan of built.plans) if (!plans.has(plan.id)) plans.set(plan.id, plan);
    if (include.has('products'))
      for (const product of built.products) if (!products.has(product.id)) products.set(product.id, product);
  }
  return {
    ...(include.has('plans') ? { plans: [...plans.values()] } : {}),
    ...(include.has('products') ? { products: [...products.values()] } : {}),
  };
};

/**
 * `included.plans` and `included.products`: every plan and product of the offerings behind the
 * subscriptions, each once; present (maybe empty) exactly when asked for.
 */
export const includedFor = (
  offerings: Iterable<Offering>,
  include: ReadonlySet<SubscriptionInclude>,
  currency?: string,
) => (include.size === 0 ? {} : { included: includedDocuments(offerings, include, currency) });

const writeDocuments = (out: JsonBytes, documents: readonly object[]): void => {
  out.text('[');
  documents.forEach((document, i) => {
    if (i > 0) out.text(',');
    out.document(document);
  });
  out.text(']');
};

/** Writes `,"included":{…}` as `includedFor` has it, each plan and product as its document's bytes; nothing when none is asked for. */
export const writeIncluded = (
  out: JsonBytes,
  offerings: Iterable<Offering>,
  include: ReadonlySet<SubscriptionInclude>,
  currency?: string,
): void => {
  if (include.size === 0) return;
  const { plans, products } = includedDocuments(offerings, include, currency);
  out.text(',"included":{');
  if (plans !== undefined) writeDocuments(out.text('"plans":'), plans);
  if (products !== undefined) writeDocuments(out.text(plans === undefined ? '"products":' : ',"products":'), products);
  out.text('}');
};
