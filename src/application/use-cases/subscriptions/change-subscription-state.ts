import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import { withFirstInvoice } from '../../../domain/billing/invoices/first-invoice.js';
import { stateApplied } from '../../../domain/billing/invoices/first-invoice-events.js';
import { withdrawsProForma } from '../../../domain/billing/invoices/pro-forma.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import {
  SUBSCRIPTION_NOT_FOUND,
  type Subscription,
  type SubscriptionStateRecord,
} from '../../../domain/subscriptions/subscription.js';
import { parseStateChange } from '../../../domain/subscriptions/subscription-input.js';
import { applyStateAction } from '../../../domain/subscriptions/subscription-state.js';
import type { PaymentRunStore } from '../../ports/billing/payment-run-store.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
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
    @inject(TOKENS.StoreClock) private readonly storeClock: StoreClock,
    @inject(TOKENS.PaymentRunStore) private readonly invoices: PaymentRunStore,
  ) {}

  /**
   * cancel, pause or resume, as the subscription's plan allows and its current state permits; a resume
   * reads where dunning left the subscription, as one closed by dunning resumes once its invoice is paid.
   */
  async execute(
    storeId: Uuid,
    id: string,
    data: unknown,
    shopper?: ShopperScope,
  ): Promise<E.Either<DomainError, SubscriptionStateRecord>> {
    const subscriptionId = parseUuid(id);
    if (subscriptionId === undefined) return E.left(notFound(SUBSCRIPTION_NOT_FOUND));
    const change = parseStateChange(data);
    if (E.isLeft(change)) return E.left(validationFailed(change.left));
    const { action, cancelImmediately } = change.right;
    const stateId = this.ids.uuid();
    const heldAt = await this.storeClock.heldAt(storeId);
    const dunning = action === 'resume' ? await this.invoices.dunningStanding(storeId, subscriptionId) : undefined;
    const startsIt = action === 'go_live';
    const invoiceId = this.ids.uuid();
    const applied = await this.subscriptions.applyState(
      storeId,
      subscriptionId,
      (subscription, offering, invoicedThrough) => {
        const plan = offering.plans.find((p) => p.id === subscription.planId);
        if (plan === undefined) throw new Error(`plan ${subscription.planId} is missing from its offering snapshot`);
        const now = changeTime(heldAt ?? this.clock.now(), subscription);
        const changed = applyStateAction(
          subscription,
          plan.attributes,
          action,
          now,
          stateId,
          {
            invoicedThrough,
            dunning,
            cancelImmediately,
          },
          shopper === undefined ? 'merchandizer' : 'subscriber',
        );
        if (E.isLeft(changed) || !startsIt) return changed;
        // Going live makes the first invoice, as creating a live subscription does.
        const made = withFirstInvoice(changed.right.subscription, offering, plan.attributes, { id: invoiceId, now });
        const state = { ...changed.right.state, invoiceAfter: made.subscription.invoiceAfter };
        return E.right({ ...made, subscription: { ...made.subscription, state }, state });
      },
      stateApplied,
      {
        mayInvoice: startsIt,
        ...(shopper === undefined ? {} : { accountId: shopper.accountId }),
        // Read before the lock, as the store's clock is: a change never withdraws an invoice valid by then.
        ...(withdrawsProForma(action) ? { withdrawProFormaAt: heldAt ?? this.clock.now() } : {}),
      },
    );
    if (E.isRight(applied)) return applied;
    return E.left(applied.left._tag === 'Missing' ? notFound(SUBSCRIPTION_NOT_FOUND) : applied.left);
  }
}
