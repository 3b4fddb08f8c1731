import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import type { OfferingFeature } from '../../../domain/catalogue/offering.js';
import { OFFERING_FEATURE_NOT_FOUND } from '../../../domain/features/offering-feature.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { SUBSCRIPTION_NOT_FOUND } from '../../../domain/subscriptions/subscription.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import { TOKENS } from '../../tokens.js';
import { listCopies, type SubscriptionCopies } from './list-subscription-copies.js';

/**
 * The features of the subscription's offering snapshot (EPCC 2025's `GET /subscriptions/{id}/features`): what
 * it was sold with, whatever the offering holds now.
 */
@injectable()
export class ListFeaturesOfSubscription {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(
    storeId: Uuid,
    id: string,
    params: QueryParams,
    shopper?: ShopperScope,
  ): Promise<E.Either<DomainError, SubscriptionCopies<OfferingFeature>>> {
    return listCopies(
      { subscriptions: this.subscriptions, stores: this.stores },
      (_s, o) => o.features,
      storeId,
      id,
      params,
      shopper,
    );
  }
}

/** One feature of the subscription's offering snapshot. */
@injectable()
export class GetFeatureOfSubscription {
  constructor(@inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  async execute(
    storeId: Uuid,
    id: string,
    featureId: string,
    shopper?: ShopperScope,
  ): Promise<E.Either<DomainError, OfferingFeature>> {
    const subscriptionId = parseUuid(id);
    const found =
      subscriptionId === undefined
        ? undefined
        : await this.subscriptions.findById(storeId, subscriptionId, shopper?.accountId);
    if (found === undefined) return E.left(notFound(SUBSCRIPTION_NOT_FOUND));
    const feature = found.offering.features.find((f) => f.id === featureId);
    return feature === undefined ? E.left(notFound(OFFERING_FEATURE_NOT_FOUND)) : E.right(feature);
  }
}
