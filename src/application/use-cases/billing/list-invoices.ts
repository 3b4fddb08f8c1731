import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import type { Invoice } from '../../../domain/billing/invoices/invoice.js';
import {
  INVOICE_LIST,
  ofSubscription,
  SUBSCRIPTION_INVOICE_LIST,
} from '../../../domain/billing/invoices/invoice-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { InvoiceReads } from '../../ports/billing/invoice-reads.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import type { Result } from './invoice-lookup.js';
import { InvoiceLookup } from './invoice-lookup.js';

/** The store's invoices, newest first, filtered by EPCC's four fields; or one subscription's, on the one list path. */
@injectable()
export class ListInvoices {
  constructor(
    @inject(TOKENS.InvoiceReads) private readonly invoices: InvoiceReads,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
    @inject(InvoiceLookup) private readonly lookup: InvoiceLookup,
  ) {}

  async execute(
    storeId: Uuid,
    params: QueryParams,
    subscriptionId?: string,
    shopper?: ShopperScope,
  ): Result<Page<Invoice>> {
    const reach = shopper?.accountId;
    if (subscriptionId === undefined)
      return listPage(this.stores, storeId, params, INVOICE_LIST, (query) => this.invoices.list(storeId, query, reach));
    const listed = await listPage(this.stores, storeId, params, SUBSCRIPTION_INVOICE_LIST, async (query) => {
      const owner = await this.lookup.subscription(storeId, subscriptionId, shopper);
      return E.isLeft(owner)
        ? owner
        : E.right(await this.invoices.list(storeId, ofSubscription(query, owner.right), reach));
    });
    return E.isLeft(listed) ? listed : listed.right;
  }
}
