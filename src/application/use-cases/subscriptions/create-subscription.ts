import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { firstInvoiceOf } from '../../../domain/billing/first-invoice.js';
import { issue, notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { OFFERING_NOT_FOUND } from '../../../domain/subscription/offering.js';
import { goingLive } from '../../../domain/subscription/going-live.js';
import { planPricing, priceTooLarge } from '../../../domain/subscription/pricing.js';
import { parseNewSubscription } from '../../../domain/subscription/subscription-input.js';
import { invoiceAfter, type Subscription } from '../../../domain/subscription/subscription.js';
import type { OfferingRepository } from '../../ports/offering-repository.js';
import type { SubscriptionRepository, SubscriptionWithOffering } from '../../ports/subscription-repository.js';
import type { IdGenerator } from '../../ports/system.js';
import type { StoreClock } from '../../ports/store-clock.js';
import { TOKENS } from '../../tokens.js';

@injectable()
export class CreateSubscription {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.StoreClock) private readonly clock: StoreClock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /** Subscribes an account to one plan of an offering, in a currency that plan is priced in, with the invoice of its first period. */
  async execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, SubscriptionWithOffering>> {
    const input = parseNewSubscription(data);
    if (E.isLeft(input)) return E.left(validationFailed(input.left));
    const offering = await this.offerings.findById(storeId, input.right.offering_id);
    if (offering === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
    const plan = offering.plans.find((p) => p.id === input.right.plan_id);
    if (plan === undefined) return E.left(validationFailed([issue('data.plan_id', "must be one of the offering's plans")]));
    const pricing = planPricing(offering.products, plan);
    if (pricing.tooLarge.includes(input.right.currency)) return E.left(validationFailed([issue('data.currency', priceTooLarge(input.right.currency))]));
    const currencies = Object.keys(pricing.prices).sort();
    if (!currencies.includes(input.right.currency)) {
      const priced = currencies.length === 0 ? 'the plan has no price' : `the plan is priced in ${currencies.join(', ')}`;
      return E.left(validationFailed([issue('data.currency', `must be a currency the plan is priced in; ${priced}`)]));
    }

    const now = await this.clock.now(storeId);
    const live = goingLive(input.right, now);
    if (E.isLeft(live)) return E.left(validationFailed(live.left));
    const subscription: Subscription = {
      id: this.ids.uuid(),
      storeId,
      accountId: input.right.account_id,
      offeringId: offering.id,
      offeringVersionId: await this.subscriptions.snapshotOffering(offering),
      planId: plan.id,
      currency: input.right.currency,
      name: input.right.name,
      email: input.right.email,
      ...(input.right.external_ref === undefined ? {} : { externalRef: input.right.external_ref }),
      paymentAuthority: input.right.payment_authority,
      ...(input.right.address_id === undefined ? {} : { addressId: input.right.address_id }),
      manualPayments: input.right.manual_payments ?? false,
      flags: { canceled: false, paused: false, suspended: false, pending: live.right.pending },
      timestamps: { createdAt: now, updatedAt: now },
      ...(live.right.goLiveAfter === undefined ? {} : { goLiveAfter: live.right.goLiveAfter }),
      invoiceAfter: invoiceAfter(live.right.goLiveAfter ?? now, plan.attributes),
    };
    // EPCC: the invoice of the first period is made with the subscription, in the same transaction.
    await this.subscriptions.insert(subscription, firstInvoiceOf(subscription, offering, plan.attributes, { id: this.ids.uuid(), now }));
    return E.right({ subscription, offering });
  }
}
