import { inject, injectable } from 'inversify';
import type { Account } from '../../../domain/accounts/account.js';
import type { Entitlements } from '../../../domain/features/entitlements.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { entitlementsByAccount } from '../subscriptions/entitlements-of-subscribers.js';

/** An account with what its subscriptions entitle it to. */
export interface EntitledAccount {
  readonly account: Account;
  readonly entitlements: Entitlements;
}

/**
 * What each account's subscriptions entitle it to now, on the store's clock: the same set, by the same rule,
 * as a subscriber of the account shows (`meta.feature_entitlements`), read for a page of accounts at once.
 */
@injectable()
export class EntitlementsOfAccounts {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.StoreClock) private readonly clock: StoreClock,
  ) {}

  async execute(storeId: Uuid, accounts: readonly Account[]): Promise<readonly EntitledAccount[]> {
    if (accounts.length === 0) return [];
    const now = await this.clock.now(storeId);
    const entitlementsOf = await entitlementsByAccount(
      this.subscriptions,
      storeId,
      accounts.map((a) => a.id),
      now,
    );
    return accounts.map((account) => ({ account, entitlements: entitlementsOf(account.id) }));
  }
}
