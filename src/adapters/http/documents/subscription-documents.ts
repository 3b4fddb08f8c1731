import type { Offering } from '../../../domain/subscription/offering.js';
import type { SubscriptionInclude } from '../../../domain/subscription/subscription-query.js';
import { STATE_TYPE, standingAt, SUBSCRIPTION_TYPE, type Subscription, type SubscriptionStateRecord } from '../../../domain/subscription/subscription.js';
import { formatTimestamp } from '../timestamps.js';
import { offeringPlanResource, offeringProductResource, offeringResource } from './subscription-catalogue-documents.js';

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

const optionalTimestamp = (name: string, date: Date | undefined) => (date === undefined ? {} : { [name]: formatTimestamp(date) });

/**
 * The seed's subscription resource, with EPCC's meta flags beside it: `attributes.status` and
 * `meta.status` are the same value, and `attributes.state` is the latest state change, if any.
 */
export const subscriptionResource = (
  subscription: Subscription,
  offering: Offering,
  now: Date,
  offeringDocument: ReturnType<typeof offeringResource> = offeringResource(offering),
) => {
  const plan = offering.plans.find((p) => p.id === subscription.planId);
  const { closed, status } = standingAt(subscription, plan?.attributes, now);
  const { timestamps } = subscription;
  return {
    id: subscription.id,
    type: SUBSCRIPTION_TYPE,
    attributes: {
      ...(subscription.externalRef === undefined ? {} : { external_ref: subscription.externalRef }),
      account_id: subscription.accountId,
      offering: offeringDocument,
      plan_id: subscription.planId,
      currency: subscription.currency,
      payment_authority: subscription.paymentAuthority,
      status,
      ...(subscription.state === undefined ? {} : { state: stateResource(subscription.state) }),
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
      canceled: subscription.flags.canceled,
      paused: subscription.flags.paused,
      closed,
      pending: subscription.flags.pending,
      suspended: subscription.flags.suspended,
      invoice_after: formatTimestamp(subscription.invoiceAfter),
      manual_payments: subscription.manualPayments,
      timestamps: {
        created_at: formatTimestamp(timestamps.createdAt),
        updated_at: formatTimestamp(timestamps.updatedAt),
        ...optionalTimestamp('canceled_at', timestamps.canceledAt),
        ...optionalTimestamp('paused_at', timestamps.pausedAt),
        ...optionalTimestamp('resumed_at', timestamps.resumedAt),
        ...optionalTimestamp('end_date', timestamps.endDate),
      },
    },
  };
};

/**
 * `included.plans` and `included.products`: every plan and product of the offerings behind the
 * subscriptions, each once; present (maybe empty) exactly when asked for.
 */
export const includedFor = (offerings: Iterable<Offering>, include: ReadonlySet<SubscriptionInclude>, currency?: string) => {
  if (include.size === 0) return {};
  const plans = new Map<string, ReturnType<typeof offeringPlanResource>>();
  const products = new Map<string, ReturnType<typeof offeringProductResource>>();
  for (const offering of offerings) {
    if (include.has('plans')) for (const plan of offering.plans) if (!plans.has(plan.id)) plans.set(plan.id, offeringPlanResource(plan, offering.products, currency));
    if (include.has('products')) for (const product of offering.products) if (!products.has(product.id)) products.set(product.id, offeringProductResource(product, currency));
  }
  return {
    included: {
      ...(include.has('plans') ? { plans: [...plans.values()] } : {}),
      ...(include.has('products') ? { products: [...products.values()] } : {}),
    },
  };
};
