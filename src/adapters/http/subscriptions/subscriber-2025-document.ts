import type { Subscriber } from '../../../domain/subscriptions/subscriber.js';
import { subscriberResource } from './subscriber-document.js';

/**
 * A subscriber on EPCC's 2025 wire: 2024's, with `meta.feature_entitlements`, the tags its subscriptions'
 * features grant. Plans configure features, but which tags a subscription's standing grants is not decided
 * yet, so the list is empty, which is what EPCC answers for a subscriber whose plans configure none.
 * The domain holds no payment authority on a subscriber (its subscriptions carry theirs), so none is shown.
 */
export const subscriber2025Resource = (subscriber: Subscriber) => {
  const resource = subscriberResource(subscriber);
  return { ...resource, meta: { ...resource.meta, feature_entitlements: [] as string[] } };
};
