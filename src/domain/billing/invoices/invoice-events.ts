import { type ResourceEvent, resourceEvent } from '../../events/domain-event.js';
import type { Invoice } from './invoice.js';

/** What an invoice's event names: the invoice, as its GET returns it. */
export interface InvoiceSubject {
  readonly resource: 'invoice';
  readonly invoice: Invoice;
}

/** An invoice is created numbered; EPCC's `subscription-invoice.deleted` goes with a deleted subscription's invoices, which this service does not fire. */
export const invoiceCreated = (invoice: Invoice): ResourceEvent<InvoiceSubject> =>
  resourceEvent('subscription-invoice.created', { resource: 'invoice', invoice });

/** The events of invoices stored together, once storage has numbered them: each one's `created`, in order. */
export const invoicesCreated = (invoices: readonly Invoice[]): readonly ResourceEvent<InvoiceSubject>[] =>
  invoices.map(invoiceCreated);
