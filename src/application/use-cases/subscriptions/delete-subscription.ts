import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { notFound, type DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { SUBSCRIPTION_NOT_FOUND } from '../../../domain/subscription/subscription.js';
import type { SubscriptionRepository } from '../../ports/subscription-repository.js';
import { TOKENS } from '../../tokens.js';

@injectable()
export class DeleteSubscription {
  constructor(@inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  /** The subscription and its state history go; the offering snapshot it shared with others stays. */
  async execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, void>> {
    const subscriptionId = parseUuid(id);
    const deleted = subscriptionId !== undefined && (await this.subscriptions.delete(storeId, subscriptionId));
    return deleted ? E.right(undefined) : E.left(notFound(SUBSCRIPTION_NOT_FOUND));
  }
}
