import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import { cursorBinding, cursorToken } from '../../../domain/query/cursor.js';
import type { Ordered } from '../../../domain/query/order.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import {
  ofAccount,
  SUBSCRIPTION_LIST,
  type SubscriptionQuery,
} from '../../../domain/subscriptions/subscription-query.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type {
  SubscriptionDocumentPage,
  SubscriptionPage,
  SubscriptionRepository,
} from '../../ports/subscriptions/subscription-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import type { CursorTokens, Included } from './get-subscription.js';

/**
 * Filtered, paged (by offset, or by cursor when `page[after]` asks), newest first: `read` fetches the page
 * of the query, `positionOf` says where a subscription of it stands in the list, for the next cursor.
 */
const pagedList = <P extends Page<unknown>>(
  stores: StoreRepository,
  storeId: Uuid,
  params: QueryParams,
  shopper: ShopperScope | undefined,
  read: (query: SubscriptionQuery) => Promise<P>,
  positionOf: (item: P['items'][number]) => Ordered,
): Promise<E.Either<DomainError, P & Included & CursorTokens>> =>
  listPage(stores, storeId, params, SUBSCRIPTION_LIST, async (query) => {
    // A cursor is bound to the client's query: the shopper's reach is added to each page's, never to the token.
    const page = await read(shopper === undefined ? query : ofAccount(query, shopper.accountId));
    if (query.after === undefined) return { ...page, include: query.include };
    const last = page.items.at(-1);
    const binding = cursorBinding(query.filter, query.include);
    const next = page.more === true && last !== undefined ? cursorToken(positionOf(last), binding) : null;
    return {
      ...page,
      include: query.include,
      cursor: { current: query.after.kind === 'first' ? '' : query.after.token, next },
    };
  });

@injectable()
export class ListSubscriptions {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  /** Filtered, paged (by offset, or by cursor when `page[after]` asks), newest first, with the related plans and products when asked. */
  execute(
    storeId: Uuid,
    params: QueryParams,
    shopper?: ShopperScope,
  ): Promise<E.Either<DomainError, SubscriptionPage & Included & CursorTokens>> {
    return pagedList(
      this.stores,
      storeId,
      params,
      shopper,
      (query) => this.subscriptions.list(storeId, query),
      (subscription) => ({ createdAt: subscription.timestamps.createdAt, id: subscription.id }),
    );
  }
}

/** The same list, each subscription as its stored document: what the HTTP API answers with. */
@injectable()
export class ListSubscriptionDocuments {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(
    storeId: Uuid,
    params: QueryParams,
    shopper?: ShopperScope,
  ): Promise<E.Either<DomainError, SubscriptionDocumentPage & Included & CursorTokens>> {
    return pagedList(
      this.stores,
      storeId,
      params,
      shopper,
      (query) => this.subscriptions.listDocuments(storeId, query),
      (listed) => ({ createdAt: listed.createdAt, id: listed.id }),
    );
  }
}
