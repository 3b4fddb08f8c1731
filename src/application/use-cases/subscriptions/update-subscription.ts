import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { applySubscriptionChanges } from '../../../domain/subscription/subscription-changes.js';
import { parseSubscriptionChanges } from '../../../domain/subscription/subscription-input.js';
import type { SubscriptionRepository, SubscriptionWithOffering } from '../../ports/subscription-repository.js';
import type { Clock } from '../../ports/system.js';
import type { StoreClock } from '../../ports/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { changeSubscription } from './change-subscription.js';

@injectable()
export class UpdateSubscription {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.StoreClock) private readonly storeClock: StoreClock,
  ) {}

  /** A partial update, decided with the subscription locked: its fields, and a move to another plan of its offering. */
  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, SubscriptionWithOffering>> {
    const heldAt = await this.storeClock.heldAt(storeId);
    return changeSubscription(this.subscriptions, storeId, id, parseSubscriptionChanges(data), (subscription, offering, changes) =>
      applySubscriptionChanges(subscription, offering, changes, heldAt ?? this.clock.now()),
    );
  }
}
