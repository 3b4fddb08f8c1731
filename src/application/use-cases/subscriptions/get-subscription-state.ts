import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { STATE_NOT_FOUND, type SubscriptionStateRecord } from '../../../domain/subscriptions/subscription.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import { TOKENS } from '../../tokens.js';

@injectable()
export class GetSubscriptionState {
  constructor(@inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  /** One change of the subscription's history: another subscription's change is not found, as another store's is. */
  async execute(
    storeId: Uuid,
    id: string,
    stateId: string,
    shopper?: ShopperScope,
  ): Promise<E.Either<DomainError, SubscriptionStateRecord>> {
    const subscriptionId = parseUuid(id);
    const stateUuid = parseUuid(stateId);
    const found =
      subscriptionId === undefined || stateUuid === undefined
        ? undefined
        : await this.subscriptions.findState(storeId, subscriptionId, stateUuid, shopper?.accountId);
    return found === undefined ? E.left(notFound(STATE_NOT_FOUND)) : E.right(found);
  }
}
