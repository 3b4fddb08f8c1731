import type { EntitledSubscriber } from '../../../application/use-cases/subscriptions/entitlements-of-subscribers.js';
import { subscriberResource } from './subscriber-document.js';

/**
 * A subscriber on EPCC's 2025 wire: 2024's, with `meta.feature_entitlements`, the tags its account's
 * subscriptions grant now. The domain holds no payment authority on a subscriber (its subscriptions carry
 * theirs), so none is shown.
 */
export const subscriber2025Resource = ({ subscriber, entitlements }: EntitledSubscriber) => {
  const resource = subscriberResource(subscriber);
  return { ...resource, meta: { ...resource.meta, feature_entitlements: entitlements.tags } };
};
