import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { INVOICE_NOT_FOUND, type Invoice } from '../../../domain/billing/invoice.js';
import { PAYMENT_NOT_FOUND, type InvoicePayment } from '../../../domain/billing/invoice-payment.js';
import {
  INVOICE_LIST,
  ofSubscription,
  PAYMENT_LIST,
  SUBSCRIPTION_INVOICE_LIST,
} from '../../../domain/billing/invoice-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { notFound, type DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { SUBSCRIPTION_NOT_FOUND } from '../../../domain/subscriptions/subscription.js';
import type { InvoiceRepository } from '../../ports/billing/invoice-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';

type Result<A> = Promise<E.Either<DomainError, A>>;

/** Reads one invoice of the store, of the named subscription when one is named (which must be the store's). */
@injectable()
export class InvoiceLookup {
  constructor(
    @inject(TOKENS.InvoiceRepository) private readonly invoices: InvoiceRepository,
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
  ) {}

  async subscription(storeId: Uuid, subscriptionId: string): Result<Uuid> {
    const id = parseUuid(subscriptionId);
    const found = id === undefined ? undefined : await this.subscriptions.findById(storeId, id);
    return found === undefined ? E.left(notFound(SUBSCRIPTION_NOT_FOUND)) : E.right(found.subscription.id);
  }

  async invoice(storeId: Uuid, invoiceId: string, subscriptionId?: string): Result<Invoice> {
    // Compared as the parsed id the subscription was found by, never as the path's text: ids are case-blind.
    let owner: Uuid | undefined;
    if (subscriptionId !== undefined) {
      const found = await this.subscription(storeId, subscriptionId);
      if (E.isLeft(found)) return found;
      owner = found.right;
    }
    const id = parseUuid(invoiceId);
    const found = id === undefined ? undefined : await this.invoices.findById(storeId, id);
    return found === undefined || (owner !== undefined && found.subscriptionId !== owner)
      ? E.left(notFound(INVOICE_NOT_FOUND))
      : E.right(found);
  }
}

/** The store's invoices, newest first, filtered by EPCC's four fields; or one subscription's, on the one list path. */
@injectable()
export class ListInvoices {
  constructor(
    @inject(TOKENS.InvoiceRepository) private readonly invoices: InvoiceRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
    @inject(InvoiceLookup) private readonly lookup: InvoiceLookup,
  ) {}

  async execute(storeId: Uuid, params: QueryParams, subscriptionId?: string): Result<Page<Invoice>> {
    if (subscriptionId === undefined)
      return listPage(this.stores, storeId, params, INVOICE_LIST, (query) => this.invoices.list(storeId, query));
    const listed = await listPage(this.stores, storeId, params, SUBSCRIPTION_INVOICE_LIST, async (query) => {
      const owner = await this.lookup.subscription(storeId, subscriptionId);
      return E.isLeft(owner) ? owner : E.right(await this.invoices.list(storeId, ofSubscription(query, owner.right)));
    });
    return E.isLeft(listed) ? listed : listed.right;
  }
}

@injectable()
export class GetInvoice {
  constructor(@inject(InvoiceLookup) private readonly lookup: InvoiceLookup) {}

  execute(storeId: Uuid, id: string, subscriptionId?: string): Result<Invoice> {
    return this.lookup.invoice(storeId, id, subscriptionId);
  }
}

/** An invoice's payment attempts, oldest first, on the one list path. */
@injectable()
export class ListInvoicePayments {
  constructor(
    @inject(TOKENS.InvoiceRepository) private readonly invoices: InvoiceRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
    @inject(InvoiceLookup) private readonly lookup: InvoiceLookup,
  ) {}

  async execute(
    storeId: Uuid,
    invoiceId: string,
    params: QueryParams,
    subscriptionId?: string,
  ): Result<Page<InvoicePayment>> {
    const listed = await listPage(
      this.stores,
      storeId,
      params,
      PAYMENT_LIST,
      async (query): Result<Page<InvoicePayment>> => {
        const invoice = await this.lookup.invoice(storeId, invoiceId, subscriptionId);
        if (E.isLeft(invoice)) return invoice;
        const found = await this.invoices.listPayments(storeId, invoice.right.id, query);
        return found === undefined ? E.left(notFound(INVOICE_NOT_FOUND)) : E.right(found);
      },
    );
    return E.isLeft(listed) ? listed : listed.right;
  }
}

@injectable()
export class GetInvoicePayment {
  constructor(
    @inject(TOKENS.InvoiceRepository) private readonly invoices: InvoiceRepository,
    @inject(InvoiceLookup) private readonly lookup: InvoiceLookup,
  ) {}

  async execute(storeId: Uuid, invoiceId: string, paymentId: string, subscriptionId?: string): Result<InvoicePayment> {
    const invoice = await this.lookup.invoice(storeId, invoiceId, subscriptionId);
    if (E.isLeft(invoice)) return invoice;
    const id = parseUuid(paymentId);
    const found = id === undefined ? undefined : await this.invoices.findPayment(storeId, invoice.right.id, id);
    return found === undefined ? E.left(notFound(PAYMENT_NOT_FOUND)) : E.right(found);
  }
}
