import { inject, injectable } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import type { Invoice } from '../../../domain/billing/invoices/invoice.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Result } from './invoice-lookup.js';
import { InvoiceLookup } from './invoice-lookup.js';

@injectable()
export class GetInvoice {
  constructor(@inject(InvoiceLookup) private readonly lookup: InvoiceLookup) {}

  execute(storeId: Uuid, id: string, subscriptionId?: string, shopper?: ShopperScope): Result<Invoice> {
    return this.lookup.invoice(storeId, id, subscriptionId, shopper);
  }
}
