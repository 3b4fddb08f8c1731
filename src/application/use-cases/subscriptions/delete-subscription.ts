import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { conflict, type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { SUBSCRIPTION_NOT_FOUND } from '../../../domain/subscriptions/subscription.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import { TOKENS } from '../../tokens.js';

@injectable()
export class DeleteSubscription {
  constructor(@inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  /**
   * The subscription and its state history go; the offering snapshot it shared with others stays. A
   * subscription with invoices is refused: invoices are financial records, kept as EPCC keeps them.
   */
  async execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, void>> {
    const subscriptionId = parseUuid(id);
    if (subscriptionId === undefined) return E.left(notFound(SUBSCRIPTION_NOT_FOUND));
    const deleted = await this.subscriptions.delete(storeId, subscriptionId);
    if (E.isRight(deleted)) return deleted;
    return E.left(
      deleted.left._tag === 'Missing'
        ? notFound(SUBSCRIPTION_NOT_FOUND)
        : conflict(
            "a payment was attempted on one of the subscription's invoices, which are kept as financial records; cancel it instead",
            'in_use',
          ),
    );
  }
}
