import type { ResourceEvent } from '../events/domain-event.js';
import { invoiceCreated, type InvoiceSubject } from './invoice-events.js';
import { numbered, type Invoice, type InvoiceDraft } from './invoice.js';

/** Drafts numbered after a store's last invoice number, the counter's new value, and the events they fire. */
export interface NumberedInvoices {
  readonly invoices: readonly Invoice[];
  readonly last: number;
  readonly events: readonly ResourceEvent<InvoiceSubject>[];
}

/**
 * Numbers drafts in the order given, each one after the last, so that a store's numbers are unique and
 * without gaps; storage runs this under the store's counter lock and writes what it gives.
 */
export const numberInvoices = (last: number, drafts: readonly InvoiceDraft[]): NumberedInvoices => {
  const invoices = drafts.map((draft, index) => numbered(draft, last + index + 1));
  return { invoices, last: last + invoices.length, events: invoices.map(invoiceCreated) };
};
