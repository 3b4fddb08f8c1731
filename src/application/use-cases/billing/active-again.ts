import type { Uuid } from '../../../domain/shared/uuid.js';
import type { SubscriptionRepository } from '../../ports/subscription-repository.js';

/**
 * EPCC: "The payment run processes the invoice. Once the payment succeeds then the payment run updates the
 * status of the subscription to active." A subscription set inactive while paused or canceled is active
 * again once one of its payments succeeds, unless it is still (or again) paused or canceled.
 */
export const activeAgainAfterPayment = async (subscriptions: SubscriptionRepository, storeId: Uuid, subscriptionId: Uuid): Promise<void> => {
  const found = await subscriptions.findById(storeId, subscriptionId);
  if (found === undefined || found.subscription.inactive !== true) return;
  const { paused, canceled } = found.subscription.flags;
  if (!paused && !canceled) await subscriptions.setInactive(storeId, [subscriptionId], false);
};
