import { inject, injectable } from 'inversify';
import type { InvoiceReads } from '../../../../application/ports/billing/invoice-reads.js';
import type { Invoice } from '../../../../domain/billing/invoices/invoice.js';
import type { InvoiceFilterField, InvoiceQuery } from '../../../../domain/billing/invoices/invoice-query.js';
import type { InvoicePayment } from '../../../../domain/billing/payments/invoice-payment.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import { oldestFirst } from '../../../../domain/query/order.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { type ListedFields, listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import { invoicesOf } from './store-invoices.js';

const INVOICE_FIELDS: ListedFields<Invoice, InvoiceFilterField> = {
  fields: {
    subscriber_id: (i) => i.subscriberId,
    subscription_id: (i) => i.subscriptionId,
    outstanding: (i) => String(i.outstanding),
    tax_required: (i) => String(i.taxRequired),
  },
  ordered: (i) => i,
  keepsRunningCount: false,
};

const PAYMENT_FIELDS: ListedFields<InvoicePayment, never> = {
  fields: {},
  ordered: (p) => p,
  keepsRunningCount: false,
  order: oldestFirst,
};

/**
 * Invoices and their payments as the API reads them, in memory.
 * Every method works on the shared state without awaiting in between, so each is atomic as a transaction is.
 */
@injectable()
export class InMemoryInvoiceReads implements InvoiceReads {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async findById(storeId: Uuid, id: Uuid, accountId?: string): Promise<Invoice | undefined> {
    const invoice = this.state.invoices.get(id);
    return invoice?.storeId === storeId && this.reaches(invoice.subscriptionId, accountId) ? invoice : undefined;
  }

  async list(storeId: Uuid, query: InvoiceQuery, accountId?: string): Promise<Page<Invoice>> {
    const invoices = invoicesOf(this.state, storeId).filter((i) => this.reaches(i.subscriptionId, accountId));
    return listOf(invoices, query, INVOICE_FIELDS);
  }

  async findPayment(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    accountId?: string,
  ): Promise<InvoicePayment | undefined> {
    const payment = this.state.invoicePayments.get(paymentId);
    return payment?.storeId === storeId &&
      payment.invoiceId === invoiceId &&
      this.reaches(payment.subscriptionId, accountId)
      ? payment
      : undefined;
  }

  async listPayments(
    storeId: Uuid,
    invoiceId: Uuid,
    query: ListQuery,
    accountId?: string,
  ): Promise<Page<InvoicePayment> | undefined> {
    if ((await this.findById(storeId, invoiceId, accountId)) === undefined) return undefined;
    return listOf(
      [...this.state.invoicePayments.values()].filter((p) => p.invoiceId === invoiceId),
      query,
      PAYMENT_FIELDS,
    );
  }

  /** Whether a shopper of `accountId` reaches the records of this subscription (anyone does without an account). */
  private reaches(subscriptionId: Uuid, accountId: string | undefined): boolean {
    return accountId === undefined || this.state.subscriptions.get(subscriptionId)?.accountId === accountId;
  }
}
