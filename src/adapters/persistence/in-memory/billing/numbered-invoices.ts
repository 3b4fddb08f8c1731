import type { InvoiceDraft } from '../../../../domain/billing/invoices/invoice.js';
import { type NumberedInvoices, numberInvoices } from '../../../../domain/billing/invoices/invoice-numbering.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';

/**
 * Stores drafts as the store's next invoices, numbered after its counter, and moves the counter, in one
 * synchronous step. Resolves with the invoices as numbered, for the caller to make the events of its
 * change with.
 */
export const storeNumberedInvoices = (
  state: InMemoryState,
  storeId: Uuid,
  drafts: readonly InvoiceDraft[],
): NumberedInvoices => {
  const numbered = numberInvoices(state.invoiceNumbers.get(storeId) ?? 0, drafts);
  if (numbered.invoices.length === 0) return numbered;
  for (const invoice of numbered.invoices) state.invoices.set(invoice.id, invoice);
  state.invoiceNumbers.set(storeId, numbered.last);
  return numbered;
};
