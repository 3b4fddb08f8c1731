import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { applyProductChanges, parseProductChanges } from '../../../domain/subscriptions/product-changes.js';
import type {
  SubscriptionRepository,
  SubscriptionWithOffering,
} from '../../ports/subscriptions/subscription-repository.js';
import type { Clock } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { changeSubscription } from './change-subscription.js';

@injectable()
export class ManageSubscriptionProducts {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.StoreClock) private readonly storeClock: StoreClock,
  ) {}

  /** Attaches, detaches or replaces the product copies the subscription holds, in order, with the subscription locked. */
  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, SubscriptionWithOffering>> {
    // A store on a test clock changes its subscriptions at the clock's time.
    const heldAt = await this.storeClock.heldAt(storeId);
    return changeSubscription(
      this.subscriptions,
      storeId,
      id,
      parseProductChanges(data),
      (subscription, offering, changes) =>
        applyProductChanges(subscription, offering, changes, heldAt ?? this.clock.now()),
    );
  }
}
