import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { parseStateAction } from '../../../domain/subscriptions/subscription-input.js';
import { STATE_LIST } from '../../../domain/subscriptions/subscription-query.js';
import { applyStateAction } from '../../../domain/subscriptions/subscription-state.js';
import { firstInvoiceOf } from '../../../domain/billing/first-invoice.js';
import {
  STATE_NOT_FOUND,
  SUBSCRIPTION_NOT_FOUND,
  type Subscription,
  type SubscriptionStateRecord,
} from '../../../domain/subscriptions/subscription.js';
import type { InvoiceRepository } from '../../ports/billing/invoice-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';

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
    @inject(TOKENS.StoreClock) private readonly storeClock: StoreClock,
    @inject(TOKENS.InvoiceRepository) private readonly invoices: InvoiceRepository,
  ) {}

  /**
   * cancel, pause or resume, as the subscription's plan allows and its current state permits; a resume
   * reads where dunning left the subscription, as one closed by dunning resumes once its invoice is paid.
   */
  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, SubscriptionStateRecord>> {
    const subscriptionId = parseUuid(id);
    if (subscriptionId === undefined) return E.left(notFound(SUBSCRIPTION_NOT_FOUND));
    const action = parseStateAction(data);
    if (E.isLeft(action)) return E.left(validationFailed(action.left));
    const stateId = this.ids.uuid();
    const heldAt = await this.storeClock.heldAt(storeId);
    const dunning =
      action.right === 'resume' ? await this.invoices.dunningStanding(storeId, subscriptionId) : undefined;
    const startsIt = action.right === 'go_live';
    const invoiceId = this.ids.uuid();
    const applied = await this.subscriptions.applyState(
      storeId,
      subscriptionId,
      (subscription, offering, invoicedThrough) => {
        const plan = offering.plans.find((p) => p.id === subscription.planId);
        if (plan === undefined) throw new Error(`plan ${subscription.planId} is missing from its offering snapshot`);
        const now = changeTime(heldAt ?? this.clock.now(), subscription);
        const changed = applyStateAction(subscription, plan.attributes, action.right, now, stateId, {
          invoicedThrough,
          dunning,
        });
        if (E.isLeft(changed) || !startsIt) return changed;
        // Going live makes the first invoice, as creating a live subscription does.
        const firstInvoice = firstInvoiceOf(changed.right.subscription, offering, plan.attributes, {
          id: invoiceId,
          now,
        });
        return E.right(firstInvoice === undefined ? changed.right : { ...changed.right, firstInvoice });
      },
      { mayInvoice: startsIt },
    );
    if (E.isRight(applied)) return applied;
    return E.left(applied.left._tag === 'Missing' ? notFound(SUBSCRIPTION_NOT_FOUND) : applied.left);
  }
}

@injectable()
export class ListSubscriptionStates {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  /** One page of the subscription's state changes, in the order they were applied, on the one list path. */
  async execute(
    storeId: Uuid,
    id: string,
    params: QueryParams,
  ): Promise<E.Either<DomainError, Page<SubscriptionStateRecord>>> {
    const subscriptionId = parseUuid(id);
    if (subscriptionId === undefined) return E.left(notFound(SUBSCRIPTION_NOT_FOUND));
    const listed = await listPage(this.stores, storeId, params, STATE_LIST, (query) =>
      this.subscriptions.listStates(storeId, subscriptionId, query.page),
    );
    if (E.isLeft(listed)) return listed;
    return listed.right === undefined ? E.left(notFound(SUBSCRIPTION_NOT_FOUND)) : E.right(listed.right);
  }
}

@injectable()
export class GetSubscriptionState {
  constructor(@inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  /** One change of the subscription's history: another subscription's change is not found, as another store's is. */
  async execute(storeId: Uuid, id: string, stateId: string): Promise<E.Either<DomainError, SubscriptionStateRecord>> {
    const subscriptionId = parseUuid(id);
    const stateUuid = parseUuid(stateId);
    const found =
      subscriptionId === undefined || stateUuid === undefined
        ? undefined
        : await this.subscriptions.findState(storeId, subscriptionId, stateUuid);
    return found === undefined ? E.left(notFound(STATE_NOT_FOUND)) : E.right(found);
  }
}
