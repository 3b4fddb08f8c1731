import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { applyProductChanges, parseProductChanges } from '../../../domain/subscription/product-changes.js';
import { SUBSCRIPTION_NOT_FOUND } from '../../../domain/subscription/subscription.js';
import type { SubscriptionRepository, SubscriptionWithOffering } from '../../ports/subscription-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

@injectable()
export class ManageSubscriptionProducts {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** Attaches, detaches or replaces the product copies the subscription holds, in order, with the subscription locked. */
  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, SubscriptionWithOffering>> {
    const subscriptionId = parseUuid(id);
    if (subscriptionId === undefined) return E.left(notFound(SUBSCRIPTION_NOT_FOUND));
    const changes = parseProductChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const updated = await this.subscriptions.update(storeId, subscriptionId, (subscription, offering) =>
      applyProductChanges(subscription, offering, changes.right, this.clock.now()),
    );
    if (E.isRight(updated)) return updated;
    return E.left(updated.left._tag === 'Missing' ? notFound(SUBSCRIPTION_NOT_FOUND) : updated.left);
  }
}
