import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { subscriptionsStored } from '../../../domain/billing/invoices/first-invoice-events.js';
import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import {
  createErrorOn2025Wire,
  parseNewSubscription2025,
} from '../../../domain/subscriptions/subscription-input-2025.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type {
  SubscriptionRepository,
  SubscriptionWithOffering,
} from '../../ports/subscriptions/subscription-repository.js';
import type { IdGenerator } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { prepareSubscription, type SubscriptionReader } from './new-subscription.js';

/** How each generation's create body is read; 2024's is `prepareSubscription`'s own. */
const READERS: Readonly<Record<SubscriptionsGeneration, SubscriptionReader | undefined>> = {
  '2024': undefined,
  '2025': parseNewSubscription2025,
};

@injectable()
export class CreateSubscription {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.StoreClock) private readonly clock: StoreClock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /**
   * Subscribes an account to one plan of an offering, in a currency that plan is priced in, with the invoice
   * of its first period; `data` is read as the generation's wire writes it (on 2025's, the plan is its
   * `pricing_option_id` and the one product held its `plan_id`).
   */
  async execute(
    storeId: Uuid,
    data: unknown,
    generation: SubscriptionsGeneration = '2024',
  ): Promise<E.Either<DomainError, SubscriptionWithOffering>> {
    const source = {
      offering: (store: Uuid, id: Uuid) => this.offerings.findById(store, id),
      snapshot: this.subscriptions.snapshotOffering.bind(this.subscriptions),
    };
    const now = await this.clock.now(storeId);
    const prepared = await prepareSubscription(storeId, data, source, now, this.ids, READERS[generation]);
    if (E.isLeft(prepared)) return generation === '2025' ? E.left(createErrorOn2025Wire(prepared.left)) : prepared;
    const { subscription, offering, firstInvoice } = prepared.right;
    await this.subscriptions.insert(subscription, firstInvoice, subscriptionsStored);
    return E.right({ subscription, offering });
  }
}
