import * as E from 'fp-ts/lib/Either.js';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import type { Offering, OfferingProduct } from '../../../domain/catalogue/offering.js';
import { type Page, pageOfAll } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { SUBSCRIPTION_NOT_FOUND, type Subscription } from '../../../domain/subscriptions/subscription.js';
import { subscriptionProducts } from '../../../domain/subscriptions/subscription-copies.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import { listPage } from '../list-page.js';

/**
 * A page of a subscription's own copies, with the subscription (its active plan) and the products it
 * holds (a plan's price is theirs less its discount).
 */
export type SubscriptionCopies<A> = Page<A> & {
  readonly subscription: Subscription;
  readonly products: readonly OfferingProduct[];
};

interface Ports {
  readonly subscriptions: SubscriptionRepository;
  readonly stores: StoreRepository;
}

/** A snapshot holds few copies, so they are paged in memory, in the order the offering attached them, and counted exactly. */
export const listCopies = async <A>(
  ports: Ports,
  copies: (subscription: Subscription, offering: Offering) => readonly A[],
  storeId: Uuid,
  id: string,
  params: QueryParams,
  shopper: ShopperScope | undefined,
): Promise<E.Either<DomainError, SubscriptionCopies<A>>> => {
  const subscriptionId = parseUuid(id);
  const found =
    subscriptionId === undefined
      ? undefined
      : await ports.subscriptions.findById(storeId, subscriptionId, shopper?.accountId);
  if (found === undefined) return E.left(notFound(SUBSCRIPTION_NOT_FOUND));
  const { subscription, offering } = found;
  const all = copies(subscription, offering);
  return listPage(ports.stores, storeId, params, {}, async ({ page }) => ({
    ...pageOfAll(all, page),
    subscription,
    products: subscriptionProducts(subscription, offering),
  }));
};
