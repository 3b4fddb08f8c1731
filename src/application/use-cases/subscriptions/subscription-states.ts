import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { parseStateAction } from '../../../domain/subscription/subscription-input.js';
import { applyStateAction } from '../../../domain/subscription/subscription-state.js';
import { SUBSCRIPTION_NOT_FOUND, type Subscription, type SubscriptionStateRecord } from '../../../domain/subscription/subscription.js';
import type { SubscriptionRepository } from '../../ports/subscription-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

/**
 * The time of a change, read while the repository holds the subscription (its row lock), and never
 * before the change it follows: another instance's clock may run behind this one's.
 */
const changeTime = (now: Date, subscription: Subscription): Date => {
  const previous = subscription.state?.createdAt;
  return previous !== undefined && previous > now ? previous : now;
};

@injectable()
export class ChangeSubscriptionState {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /** cancel, pause or resume, as the subscription's plan allows and its current state permits. */
  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, SubscriptionStateRecord>> {
    const subscriptionId = parseUuid(id);
    if (subscriptionId === undefined) return E.left(notFound(SUBSCRIPTION_NOT_FOUND));
    const action = parseStateAction(data);
    if (E.isLeft(action)) return E.left(validationFailed(action.left));
    const stateId = this.ids.uuid();
    const applied = await this.subscriptions.applyState(storeId, subscriptionId, (subscription, offering) => {
      const plan = offering.plans.find((p) => p.id === subscription.planId);
      if (plan === undefined) throw new Error(`plan ${subscription.planId} is missing from its offering snapshot`);
      return applyStateAction(subscription, plan.attributes, action.right, changeTime(this.clock.now(), subscription), stateId);
    });
    if (E.isRight(applied)) return applied;
    return E.left(applied.left._tag === 'Missing' ? notFound(SUBSCRIPTION_NOT_FOUND) : applied.left);
  }
}

@injectable()
export class ListSubscriptionStates {
  constructor(@inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  /** Every state change of the subscription, in the order they were applied. */
  async execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, readonly SubscriptionStateRecord[]>> {
    const subscriptionId = parseUuid(id);
    const states = subscriptionId === undefined ? undefined : await this.subscriptions.listStates(storeId, subscriptionId);
    return states === undefined ? E.left(notFound(SUBSCRIPTION_NOT_FOUND)) : E.right(states);
  }
}
