/**
 * Every observable key of EPCC's integrations document and of its subscriptions' observable events. An
 * integration may observe any of them, so that a merchant's existing integration is accepted as it is;
 * only `FIRING_KEYS` are emitted by this service.
 */
export const EPCC_OBSERVABLE_KEYS = [
  'address.created',
  'address.updated',
  'address.deleted',
  'account.created',
  'account.updated',
  'account.deleted',
  'account-member.created',
  'account-member.updated',
  'account-member.deleted',
  'account-membership.created',
  'account-membership.updated',
  'account-membership.deleted',
  'cart.updated',
  'cart.deleted',
  'currency.created',
  'currency.updated',
  'currency.deleted',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'customAPIEntryType.created',
  'customAPIEntryType.updated',
  'customAPIEntryType.deleted',
  'file.created',
  'file.deleted',
  'integration.created',
  'integration.updated',
  'integration.deleted',
  'one-time-password-token-request.created',
  'order.created',
  'order.updated',
  'order.paid',
  'order.authorized',
  'order.fulfilled',
  'order.cancelled',
  'order.refunded',
  'payment-gateway.updated',
  'catalog-release.created',
  'catalog-release.updated',
  'catalog-release.deleted',
  'catalog-rule.created',
  'catalog-rule.updated',
  'catalog-rule.deleted',
  'settings.created',
  'settings.updated',
  'stock-transaction.created',
  'transaction.created',
  'transaction.updated',
  'user-authentication-info.created',
  'user-authentication-info.updated',
  'user-authentication-info.deleted',
  'subscription.created',
  'subscription.create-failed',
  'subscription.paused',
  'subscription.canceled',
  'subscription.pending_cancel',
  'subscription.pending_pause',
  'subscription.resumed',
  'subscription.closed',
  'subscription-subscriber.created',
  'subscription-subscriber.updated',
  'subscription-subscriber.deleted',
  'subscription-product.created',
  'subscription-product.updated',
  'subscription-product.deleted',
  'subscription-plan.created',
  'subscription-plan.updated',
  'subscription-plan.deleted',
  'subscription-offering.created',
  'subscription-offering.updated',
  'subscription-offering.deleted',
  'subscription-job.created',
  'subscription-job.updated',
  'subscription-job.deleted',
  'subscription-invoice.created',
  'subscription-invoice.deleted',
  'subscription-schedule.created',
  'subscription-schedule.updated',
  'subscription-schedule.deleted',
] as const;

/**
 * Keys of changes EPCC's lists do not name: a refund (EPCC 2026-10 added the resource, not an event for it),
 * and an entitlements change (Stripe's `entitlements.active_entitlement_summary.updated`, told per
 * subscription: see `subscriber-events.ts`).
 */
export const OWN_KEYS = [
  'subscription-invoice-payment-refund.created',
  'subscription-subscriber.entitlements_changed',
] as const;

/** What an integration may observe: EPCC's keys, and ours. */
export const OBSERVABLE_KEYS = [...EPCC_OBSERVABLE_KEYS, ...OWN_KEYS] as const;

export type ObservableKey = (typeof OBSERVABLE_KEYS)[number];

const KNOWN: ReadonlySet<string> = new Set(OBSERVABLE_KEYS);

export const isObservableKey = (key: string): key is ObservableKey => KNOWN.has(key);

/** The keys this service emits; the rest belong to parts of EPCC it does not implement. */
export const FIRING_KEYS = [
  'subscription.created',
  'subscription.paused',
  'subscription.canceled',
  'subscription.resumed',
  'subscription.closed',
  'subscription-invoice.created',
  'subscription-subscriber.created',
  'subscription-subscriber.updated',
  'subscription-subscriber.deleted',
  'subscription-subscriber.entitlements_changed',
  'subscription-product.created',
  'subscription-product.updated',
  'subscription-product.deleted',
  'subscription-plan.created',
  'subscription-plan.updated',
  'subscription-plan.deleted',
  'subscription-offering.created',
  'subscription-offering.updated',
  'subscription-offering.deleted',
  'subscription-job.created',
  'subscription-job.updated',
  'subscription-job.deleted',
  'subscription-schedule.created',
  'subscription-schedule.updated',
  'subscription-schedule.deleted',
  'subscription-invoice-payment-refund.created',
  'account.created',
  'account.updated',
  'account.deleted',
  'account-member.created',
  'account-member.updated',
  'account-member.deleted',
  'account-membership.created',
  'account-membership.deleted',
] as const satisfies readonly ObservableKey[];

export type FiringKey = (typeof FIRING_KEYS)[number];
