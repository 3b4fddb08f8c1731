import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import { INVOICE_NOT_FOUND, type Invoice } from '../../../domain/billing/invoices/invoice.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { SUBSCRIPTION_NOT_FOUND } from '../../../domain/subscriptions/subscription.js';
import type { InvoiceReads } from '../../ports/billing/invoice-reads.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import { TOKENS } from '../../tokens.js';

export type Result<A> = Promise<E.Either<DomainError, A>>;

/** Reads one invoice of the store, of the named subscription when one is named (which must be the store's). */
@injectable()
export class InvoiceLookup {
  constructor(
    @inject(TOKENS.InvoiceReads) private readonly invoices: InvoiceReads,
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
  ) {}

  async subscription(storeId: Uuid, subscriptionId: string, shopper?: ShopperScope): Result<Uuid> {
    const id = parseUuid(subscriptionId);
    const found = id === undefined ? undefined : await this.subscriptions.findById(storeId, id, shopper?.accountId);
    return found === undefined ? E.left(notFound(SUBSCRIPTION_NOT_FOUND)) : E.right(found.subscription.id);
  }

  async invoice(storeId: Uuid, invoiceId: string, subscriptionId?: string, shopper?: ShopperScope): Result<Invoice> {
    // Compared as the parsed id the subscription was found by, never as the path's text: ids are case-blind.
    let owner: Uuid | undefined;
    if (subscriptionId !== undefined) {
      const found = await this.subscription(storeId, subscriptionId, shopper);
      if (E.isLeft(found)) return found;
      owner = found.right;
    }
    const id = parseUuid(invoiceId);
    const found = id === undefined ? undefined : await this.invoices.findById(storeId, id, shopper?.accountId);
    return found === undefined || (owner !== undefined && found.subscriptionId !== owner)
      ? E.left(notFound(INVOICE_NOT_FOUND))
      : E.right(found);
  }
}
