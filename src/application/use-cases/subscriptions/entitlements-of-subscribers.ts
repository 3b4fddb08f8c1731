import { inject, injectable } from 'inversify';
import { type Entitlements, subscriberEntitlements } from '../../../domain/features/entitlements.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Subscriber } from '../../../domain/subscriptions/subscriber.js';
import type {
  SubscriptionRepository,
  SubscriptionWithOffering,
} from '../../ports/subscriptions/subscription-repository.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';

/** A subscriber with what its account's subscriptions entitle it to. */
export interface EntitledSubscriber {
  readonly subscriber: Subscriber;
  readonly entitlements: Entitlements;
}

/**
 * What the subscriptions of each account entitle it to at `now`: one read for all of them, whatever their
 * number. An account without subscriptions is entitled to nothing.
 */
export const entitlementsByAccount = async (
  subscriptions: SubscriptionRepository,
  storeId: Uuid,
  accountIds: readonly string[],
  now: Date,
): Promise<(accountId: string) => Entitlements> => {
  const held = accountIds.length === 0 ? [] : await subscriptions.ofAccounts(storeId, accountIds);
  const byAccount = new Map<string, SubscriptionWithOffering[]>();
  for (const one of held)
    byAccount.set(one.subscription.accountId, [...(byAccount.get(one.subscription.accountId) ?? []), one]);
  return (accountId) => subscriberEntitlements(byAccount.get(accountId) ?? [], now);
};

/**
 * What the subscriptions of each subscriber's account entitle it to now, on the store's clock (EPCC 2025's
 * `meta.feature_entitlements`): one read for all of them, whatever their number, so a page of subscribers
 * costs the same few queries as one.
 */
@injectable()
export class EntitlementsOfSubscribers {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.StoreClock) private readonly clock: StoreClock,
  ) {}

  async execute(storeId: Uuid, subscribers: readonly Subscriber[]): Promise<readonly EntitledSubscriber[]> {
    if (subscribers.length === 0) return [];
    const now = await this.clock.now(storeId);
    const entitlementsOf = await entitlementsByAccount(
      this.subscriptions,
      storeId,
      subscribers.map((s) => s.attributes.account_id),
      now,
    );
    return subscribers.map((subscriber) => ({
      subscriber,
      entitlements: entitlementsOf(subscriber.attributes.account_id),
    }));
  }
}
