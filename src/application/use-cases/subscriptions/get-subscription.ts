import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import { parseInclude } from '../../../domain/query/include.js';
import { type QueryParams, singleParam } from '../../../domain/query/query-params.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { SUBSCRIPTION_NOT_FOUND } from '../../../domain/subscriptions/subscription.js';
import { SUBSCRIPTION_INCLUDES, type SubscriptionInclude } from '../../../domain/subscriptions/subscription-query.js';
import type {
  SubscriptionRepository,
  SubscriptionWithOffering,
} from '../../ports/subscriptions/subscription-repository.js';
import { TOKENS } from '../../tokens.js';

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
    shopper?: ShopperScope,
  ): Promise<E.Either<DomainError, SubscriptionWithOffering & Included>> {
    const include = E.flatMap(singleParam(params, 'include'), (raw) => parseInclude(raw, SUBSCRIPTION_INCLUDES));
    if (E.isLeft(include)) return E.left(validationFailed(include.left));
    const subscriptionId = parseUuid(id);
    const found =
      subscriptionId === undefined
        ? undefined
        : await this.subscriptions.findById(storeId, subscriptionId, shopper?.accountId);
    return found === undefined
      ? E.left(notFound(SUBSCRIPTION_NOT_FOUND))
      : E.right({ ...found, include: include.right });
  }
}
