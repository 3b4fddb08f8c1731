import type { Invoice } from '../../../domain/billing/invoices/invoice.js';
import type { InvoiceQuery } from '../../../domain/billing/invoices/invoice-query.js';
import type { InvoicePayment } from '../../../domain/billing/payments/invoice-payment.js';
import type { ListQuery } from '../../../domain/query/list-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/**
 * Invoices and their payments as the API reads them. `accountId`, where given, is a shopper's reach: only
 * invoices of that account's subscriptions (and their payments) are found or listed.
 */
export interface InvoiceReads {
  findById(storeId: Uuid, id: Uuid, accountId?: string): Promise<Invoice | undefined>;
  /** Newest first. */
  list(storeId: Uuid, query: InvoiceQuery, accountId?: string): Promise<Page<Invoice>>;
  findPayment(storeId: Uuid, invoiceId: Uuid, paymentId: Uuid, accountId?: string): Promise<InvoicePayment | undefined>;
  /** Oldest first; undefined when the store has no such invoice. */
  listPayments(
    storeId: Uuid,
    invoiceId: Uuid,
    query: ListQuery,
    accountId?: string,
  ): Promise<Page<InvoicePayment> | undefined>;
}
