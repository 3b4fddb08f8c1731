import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { subscriptionsStored } from '../../../domain/billing/invoices/first-invoice-events.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type {
  SubscriptionRepository,
  SubscriptionWithOffering,
} from '../../ports/subscriptions/subscription-repository.js';
import type { IdGenerator } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { prepareSubscription } from './new-subscription.js';

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
    const source = {
      offering: (store: Uuid, id: Uuid) => this.offerings.findById(store, id),
      snapshot: this.subscriptions.snapshotOffering.bind(this.subscriptions),
    };
    const prepared = await prepareSubscription(storeId, data, source, await this.clock.now(storeId), this.ids);
    if (E.isLeft(prepared)) return prepared;
    const { subscription, offering, firstInvoice } = prepared.right;
    await this.subscriptions.insert(subscription, firstInvoice, subscriptionsStored);
    return E.right({ subscription, offering });
  }
}
