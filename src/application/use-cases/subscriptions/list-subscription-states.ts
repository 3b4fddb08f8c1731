import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { SUBSCRIPTION_NOT_FOUND, type SubscriptionStateRecord } from '../../../domain/subscriptions/subscription.js';
import { STATE_LIST } from '../../../domain/subscriptions/subscription-query.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';

@injectable()
export class ListSubscriptionStates {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  /** One page of the subscription's state changes, in the order they were applied, on the one list path. */
  async execute(
    storeId: Uuid,
    id: string,
    params: QueryParams,
    shopper?: ShopperScope,
  ): Promise<E.Either<DomainError, Page<SubscriptionStateRecord>>> {
    const subscriptionId = parseUuid(id);
    if (subscriptionId === undefined) return E.left(notFound(SUBSCRIPTION_NOT_FOUND));
    const listed = await listPage(this.stores, storeId, params, STATE_LIST, (query) =>
      this.subscriptions.listStates(storeId, subscriptionId, query.page, shopper?.accountId),
    );
    if (E.isLeft(listed)) return listed;
    return listed.right === undefined ? E.left(notFound(SUBSCRIPTION_NOT_FOUND)) : E.right(listed.right);
  }
}
