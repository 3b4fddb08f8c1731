import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { applySubscriptionChanges } from '../../../domain/subscription/subscription-changes.js';
import { parseSubscriptionChanges } from '../../../domain/subscription/subscription-input.js';
import { SUBSCRIPTION_NOT_FOUND } from '../../../domain/subscription/subscription.js';
import type { SubscriptionRepository, SubscriptionWithOffering } from '../../ports/subscription-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

@injectable()
export class UpdateSubscription {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** A partial update, decided with the subscription locked: its fields, and a move to another plan of its offering. */
  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, SubscriptionWithOffering>> {
    const subscriptionId = parseUuid(id);
    if (subscriptionId === undefined) return E.left(notFound(SUBSCRIPTION_NOT_FOUND));
    const changes = parseSubscriptionChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const updated = await this.subscriptions.update(storeId, subscriptionId, (subscription, offering) =>
      applySubscriptionChanges(subscription, offering, changes.right, this.clock.now()),
    );
    if (E.isRight(updated)) return updated;
    return E.left(updated.left._tag === 'Missing' ? notFound(SUBSCRIPTION_NOT_FOUND) : updated.left);
  }
}
