import * as E from 'fp-ts/lib/Either.js';
import type { InvoicedPeriod } from '../../../domain/billing/proration/proration.js';
import type { Offering } from '../../../domain/catalogue/offering.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { Parsed } from '../../../domain/shared/validation.js';
import { entitlementsChanged } from '../../../domain/subscriptions/subscriber-events.js';
import { SUBSCRIPTION_NOT_FOUND, type Subscription } from '../../../domain/subscriptions/subscription.js';
import type {
  SubscriptionRepository,
  SubscriptionWithOffering,
  WithdrawsProForma,
} from '../../ports/subscriptions/subscription-repository.js';

/**
 * The one way a subscription is changed from a request body: the body parsed first, then the change
 * decided and stored with the subscription locked, so concurrent changes apply one after the other. A
 * plan switch or a change of held products may move what it entitles its subscriber to, at the change's instant.
 */
export const changeSubscription = async <C>(
  subscriptions: SubscriptionRepository,
  storeId: Uuid,
  id: string,
  parsed: Parsed<C>,
  apply: (
    subscription: Subscription,
    offering: Offering,
    changes: C,
    latestInvoiced: InvoicedPeriod | undefined,
  ) => E.Either<DomainError, Subscription>,
  options: WithdrawsProForma = {},
): Promise<E.Either<DomainError, SubscriptionWithOffering>> => {
  const subscriptionId = parseUuid(id);
  if (subscriptionId === undefined) return E.left(notFound(SUBSCRIPTION_NOT_FOUND));
  if (E.isLeft(parsed)) return E.left(validationFailed(parsed.left));
  const updated = await subscriptions.update(
    storeId,
    subscriptionId,
    (subscription, offering, latestInvoiced) => apply(subscription, offering, parsed.right, latestInvoiced),
    ({ previous, subscription, offering }) =>
      entitlementsChanged(previous, subscription, offering, subscription.timestamps.updatedAt),
    options,
  );
  if (E.isRight(updated)) return updated;
  return E.left(updated.left._tag === 'Missing' ? notFound(SUBSCRIPTION_NOT_FOUND) : updated.left);
};
