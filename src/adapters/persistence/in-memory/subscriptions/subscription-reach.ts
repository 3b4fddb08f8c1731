import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { Subscription } from '../../../../domain/subscriptions/subscription.js';
import type { InMemoryState } from '../in-memory-state.js';

/** The store's subscription with this id, if the reader reaches it: any, or only one of `accountId`'s. */
export const subscriptionReached = (
  state: InMemoryState,
  storeId: Uuid,
  id: Uuid,
  accountId: string | undefined,
): Subscription | undefined => {
  const found = state.subscriptions.get(id);
  return found?.storeId === storeId && (accountId === undefined || found.accountId === accountId) ? found : undefined;
};
