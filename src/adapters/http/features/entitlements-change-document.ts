import type { EntitlementsSubject } from '../../../domain/subscriptions/subscriber-events.js';
import { formatTimestamp } from '../timestamps.js';

export const ENTITLEMENTS_CHANGE_TYPE = 'subscription_entitlements_change';

/**
 * The `payload.data` of `subscription-subscriber.entitlements_changed`: the subscription whose grant moved,
 * the account (a subscriber's key) it entitles, what it grants from `changed_at` on, and the tags it started
 * and stopped granting. EPCC has no such event, so its shape is this service's.
 */
export const entitlementsChangeResource = ({ subscription, change, at }: EntitlementsSubject) => ({
  type: ENTITLEMENTS_CHANGE_TYPE,
  subscription_id: subscription.id,
  account_id: subscription.accountId,
  feature_entitlements: change.after.tags,
  usage: change.after.usage,
  started: change.started,
  stopped: change.stopped,
  changed_at: formatTimestamp(at),
});
