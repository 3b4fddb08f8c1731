/**
 * The observable keys this service fires, offered when an integration chooses what it observes. EPCC
 * accepts many more keys (an integration moved from EPCC keeps them), but offering a key that never fires
 * here would promise deliveries that never come. The console is a client of the API only, so it keeps its
 * own copy; a test holds it equal to the service's list.
 */
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
] as const;

/** The keys grouped by what they tell about (`subscription-plan` of `subscription-plan.created`), in list order. */
export const keyGroups = (keys: readonly string[] = FIRING_KEYS): readonly (readonly [string, readonly string[]])[] => {
  const groups = new Map<string, string[]>();
  for (const key of keys) {
    const resource = key.slice(0, key.lastIndexOf('.'));
    groups.set(resource, [...(groups.get(resource) ?? []), key]);
  }
  return [...groups];
};
