import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import { INVOICE_NOT_FOUND } from '../../../domain/billing/invoices/invoice.js';
import { PAYMENT_LIST } from '../../../domain/billing/invoices/invoice-query.js';
import type { InvoicePayment } from '../../../domain/billing/payments/invoice-payment.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { InvoiceReads } from '../../ports/billing/invoice-reads.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import type { Result } from './invoice-lookup.js';
import { InvoiceLookup } from './invoice-lookup.js';

/** An invoice's payment attempts, oldest first, on the one list path. */
@injectable()
export class ListInvoicePayments {
  constructor(
    @inject(TOKENS.InvoiceReads) private readonly invoices: InvoiceReads,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
    @inject(InvoiceLookup) private readonly lookup: InvoiceLookup,
  ) {}

  async execute(
    storeId: Uuid,
    invoiceId: string,
    params: QueryParams,
    subscriptionId?: string,
    shopper?: ShopperScope,
  ): Result<Page<InvoicePayment>> {
    const listed = await listPage(
      this.stores,
      storeId,
      params,
      PAYMENT_LIST,
      async (query): Result<Page<InvoicePayment>> => {
        const invoice = await this.lookup.invoice(storeId, invoiceId, subscriptionId, shopper);
        if (E.isLeft(invoice)) return invoice;
        const found = await this.invoices.listPayments(storeId, invoice.right.id, query, shopper?.accountId);
        return found === undefined ? E.left(notFound(INVOICE_NOT_FOUND)) : E.right(found);
      },
    );
    return E.isLeft(listed) ? listed : listed.right;
  }
}
