import { type Invoice, type InvoiceDraft, numbered } from './invoice.js';

/** Drafts numbered after a store's last invoice number, and the counter's new value. */
export interface NumberedInvoices {
  readonly invoices: readonly Invoice[];
  readonly last: number;
}

/**
 * Numbers drafts in the order given, each one after the last, so that a store's numbers are unique and
 * without gaps; storage runs this under the store's counter lock and writes what it gives.
 */
export const numberInvoices = (last: number, drafts: readonly InvoiceDraft[]): NumberedInvoices => {
  const invoices = drafts.map((draft, index) => numbered(draft, last + index + 1));
  return { invoices, last: last + invoices.length };
};
