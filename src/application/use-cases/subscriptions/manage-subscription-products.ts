import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { applyProductChanges, parseProductChanges } from '../../../domain/subscriptions/product-changes.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';
import { heldEligibly } from '../../../domain/subscriptions/subscription-copies.js';
import {
  parsePlanChanges2025,
  planChangeErrorOn2025Wire,
} from '../../../domain/subscriptions/subscription-input-2025.js';
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

  /**
   * Attaches, detaches or replaces the product copies the subscription holds, in order, with the subscription
   * locked; on the 2025 wire they are its plans, which it may only detach.
   */
  async execute(
    storeId: Uuid,
    id: string,
    data: unknown,
    generation: SubscriptionsGeneration = '2024',
  ): Promise<E.Either<DomainError, SubscriptionWithOffering>> {
    // A store on a test clock changes its subscriptions at the clock's time.
    const heldAt = await this.storeClock.heldAt(storeId);
    const changed = await changeSubscription(
      this.subscriptions,
      storeId,
      id,
      generation === '2025' ? parsePlanChanges2025(data) : parseProductChanges(data),
      (subscription, offering, changes) =>
        E.flatMap((held: Subscription) => heldEligibly(held, offering, 'data'))(
          applyProductChanges(subscription, offering, changes, heldAt ?? this.clock.now()),
        ),
    );
    return generation === '2025' ? E.mapLeft(planChangeErrorOn2025Wire)(changed) : changed;
  }
}
