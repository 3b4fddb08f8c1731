import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import type { OfferingProduct } from '../../../domain/catalogue/offering.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { subscriptionProducts } from '../../../domain/subscriptions/subscription-copies.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import { TOKENS } from '../../tokens.js';
import { listCopies, type SubscriptionCopies } from './list-subscription-copies.js';

@injectable()
export class ListProductsOfSubscription {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  /** The product copies the subscription holds. */
  execute(
    storeId: Uuid,
    id: string,
    params: QueryParams,
    shopper?: ShopperScope,
  ): Promise<E.Either<DomainError, SubscriptionCopies<OfferingProduct>>> {
    return listCopies(
      { subscriptions: this.subscriptions, stores: this.stores },
      subscriptionProducts,
      storeId,
      id,
      params,
      shopper,
    );
  }
}
