import type { Invoice } from '../../../domain/billing/invoices/invoice.js';
import type { InvoiceQuery } from '../../../domain/billing/invoices/invoice-query.js';
import type { InvoicePayment } from '../../../domain/billing/payments/invoice-payment.js';
import type { ListQuery } from '../../../domain/query/list-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/** Invoices and their payments as the API reads them. */
export interface InvoiceReads {
  findById(storeId: Uuid, id: Uuid): Promise<Invoice | undefined>;
  /** Newest first. */
  list(storeId: Uuid, query: InvoiceQuery): Promise<Page<Invoice>>;
  findPayment(storeId: Uuid, invoiceId: Uuid, paymentId: Uuid): Promise<InvoicePayment | undefined>;
  /** Oldest first; undefined when the store has no such invoice. */
  listPayments(storeId: Uuid, invoiceId: Uuid, query: ListQuery): Promise<Page<InvoicePayment> | undefined>;
}
