import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';

/**
 * EPCC: "The payment run processes the invoice. Once the payment succeeds then the payment run updates the
 * status of the subscription to active." A subscription set inactive while paused or canceled is active
 * again once one of its payments succeeds, unless it is still (or again) paused or canceled.
 */
export const activeAgainAfterPayment = async (
  subscriptions: SubscriptionRepository,
  storeId: Uuid,
  subscription: Subscription | undefined,
): Promise<void> => {
  if (subscription?.inactive !== true || subscription.flags.paused || subscription.flags.canceled) return;
  await subscriptions.setInactive(storeId, [subscription.id], false);
};
