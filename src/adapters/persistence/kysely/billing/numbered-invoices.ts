import type { Transaction } from 'kysely';
import type { InvoiceDraft } from '../../../../domain/billing/invoices/invoice.js';
import { type NumberedInvoices, numberInvoices } from '../../../../domain/billing/invoices/invoice-numbering.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { Tables } from '../engine/schema.js';
import type { SqlFlavor } from '../engine/sql-flavor.js';
import { insertRows } from '../sql/bulk-insert.js';
import { invoiceToRow } from './invoice-rows.js';

/**
 * Stores drafts as the store's next invoices: numbered after `last`, the counter's value read under its
 * lock in `trx` (`lockInvoiceCounter`, taken first by every writer), their rows inserted and the counter
 * moved in the same transaction. Resolves with the invoices as numbered, for the caller to make the
 * events of its change with.
 */
export const storeNumberedInvoices = async (
  trx: Transaction<Tables>,
  flavor: SqlFlavor,
  storeId: Uuid,
  last: number,
  drafts: readonly InvoiceDraft[],
): Promise<NumberedInvoices> => {
  const numbered = numberInvoices(last, drafts);
  if (numbered.invoices.length === 0) return numbered;
  await insertRows(trx, flavor, 'subscription_invoices', numbered.invoices.map(invoiceToRow));
  await trx
    .updateTable('subscription_invoice_numbers')
    .set({ last_number: numbered.last })
    .where('store_id', '=', storeId)
    .execute();
  return numbered;
};
