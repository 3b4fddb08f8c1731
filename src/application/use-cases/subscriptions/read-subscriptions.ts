import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { cursorBinding, cursorToken } from '../../../domain/query/cursor.js';
import { parseInclude } from '../../../domain/query/include.js';
import { singleParam, type QueryParams } from '../../../domain/query/query-params.js';
import { notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import {
  SUBSCRIPTION_INCLUDES,
  SUBSCRIPTION_LIST,
  type SubscriptionInclude,
} from '../../../domain/subscriptions/subscription-query.js';
import { SUBSCRIPTION_NOT_FOUND } from '../../../domain/subscriptions/subscription.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type {
  SubscriptionPage,
  SubscriptionRepository,
  SubscriptionWithOffering,
} from '../../ports/subscriptions/subscription-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';

/** On a cursor page: the `page[after]` value that reads it again (empty for the first) and the one that reads the next, null on the last. */
export interface CursorTokens {
  readonly cursor?: { readonly current: string; readonly next: string | null };
}

/** What the caller asked to embed beside the subscriptions. */
export interface Included {
  readonly include: ReadonlySet<SubscriptionInclude>;
}

@injectable()
export class GetSubscription {
  constructor(@inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  /** The subscription with the offering version it was made from, and the relations asked for in `include`. */
  async execute(
    storeId: Uuid,
    id: string,
    params: QueryParams,
  ): Promise<E.Either<DomainError, SubscriptionWithOffering & Included>> {
    const include = E.flatMap(singleParam(params, 'include'), (raw) => parseInclude(raw, SUBSCRIPTION_INCLUDES));
    if (E.isLeft(include)) return E.left(validationFailed(include.left));
    const subscriptionId = parseUuid(id);
    const found = subscriptionId === undefined ? undefined : await this.subscriptions.findById(storeId, subscriptionId);
    return found === undefined
      ? E.left(notFound(SUBSCRIPTION_NOT_FOUND))
      : E.right({ ...found, include: include.right });
  }
}

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
  ): Promise<E.Either<DomainError, SubscriptionPage & Included & CursorTokens>> {
    return listPage(this.stores, storeId, params, SUBSCRIPTION_LIST, async (query) => {
      const page = await this.subscriptions.list(storeId, query);
      if (query.after === undefined) return { ...page, include: query.include };
      const last = page.items.at(-1);
      const binding = cursorBinding(query.filter, query.include);
      const next =
        page.more === true && last !== undefined
          ? cursorToken({ createdAt: last.timestamps.createdAt, id: last.id }, binding)
          : null;
      return {
        ...page,
        include: query.include,
        cursor: { current: query.after.kind === 'first' ? '' : query.after.token, next },
      };
    });
  }
}
