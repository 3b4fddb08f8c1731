import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import type { OfferingPlan } from '../../../domain/catalogue/offering.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { subscriptionPlans } from '../../../domain/subscriptions/subscription-copies.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import { TOKENS } from '../../tokens.js';
import { listCopies, type SubscriptionCopies } from './list-subscription-copies.js';

@injectable()
export class ListPlansOfSubscription {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  /** Every plan of the subscription's offering snapshot: the one it is on and those it may change to. */
  execute(
    storeId: Uuid,
    id: string,
    params: QueryParams,
    shopper?: ShopperScope,
  ): Promise<E.Either<DomainError, SubscriptionCopies<OfferingPlan>>> {
    return listCopies(
      { subscriptions: this.subscriptions, stores: this.stores },
      (_s, o) => subscriptionPlans(o),
      storeId,
      id,
      params,
      shopper,
    );
  }
}
