import type { TaxItem } from '../../jobs/job.js';
import type { Uuid } from '../../shared/uuid.js';
import type { ProrationEvent } from '../../subscriptions/proration-event.js';

export const INVOICE_TYPE = 'subscription_invoice';
export const INVOICE_NOT_FOUND = 'invoice not found';

/** An amount in one currency, in its smallest unit. */
export interface SingleCurrencyPrice {
  readonly currency: string;
  readonly amount: number;
  readonly includes_tax: boolean;
}

/** One line of an invoice: a product of the subscription, or its plan when the plan has a fixed price. */
export interface InvoiceItem {
  readonly description: string;
  readonly price: SingleCurrencyPrice;
  /** The offering's copy of the product; absent on a plan-level line. */
  readonly productId?: Uuid;
  readonly fromTimePeriod: Date;
  readonly untilTimePeriod: Date;
}

/** A tax rate a tax run added, with the tax it came to on this invoice. */
export interface InvoiceTaxLine extends TaxItem {
  /** The invoice's taxable total (its tax-exclusive lines) × rate, rounded down once. */
  readonly amount: number;
}

/** The prorations an invoice charged, and what it leaves for the next invoice of its subscription. */
export interface InvoiceProration {
  /** EPCC's `meta.proration_events`: the plan switches this invoice charged. */
  readonly events: readonly ProrationEvent[];
  /** How many of the subscription's prorations this invoice and the ones before it have charged. */
  readonly through: number;
  /** Credit a refund left over this invoice's amount, taken off the next one. */
  readonly creditCarried: number;
}

export const NO_PRORATION: InvoiceProration = { events: [], through: 0, creditCarried: 0 };

/** What a billing run decides for one period of one subscription, before it is numbered and stored. */
export interface InvoiceDraft {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly subscriptionId: Uuid;
  /** The account the subscription bills (EPCC's `subscriber_id`). */
  readonly subscriberId: string;
  readonly billingPeriod: { readonly start: Date; readonly end: Date };
  readonly items: readonly InvoiceItem[];
  readonly currency: string;
  /** The sum of the items. */
  readonly amount: number;
  /** No line (of the plan's priced lines, for a trial) excludes tax and charges something. */
  readonly includesTax: boolean;
  readonly outstanding: boolean;
  readonly taxRequired: boolean;
  /** The billing run that made it; absent on the invoice made with the subscription. */
  readonly jobId?: Uuid;
  readonly createdAt: Date;
  /** Made ahead of its period by the plan's lead time: its period's start, before which it is pro forma (`pro-forma.ts`). */
  readonly validFrom?: Date;
  readonly proration: InvoiceProration;
}

/** A stored invoice of one billing period of one subscription. */
export interface Invoice extends InvoiceDraft {
  /** Sequential per store, from 1, without gaps. */
  readonly number: number;
  readonly taxItems: readonly InvoiceTaxLine[];
  readonly paymentRetriesLimitReached: boolean;
  readonly manualPaymentPending: boolean;
  readonly failedPaymentAttempts: number;
  readonly lastPaymentAttemptAt?: Date;
  readonly updatedAt: Date;
  readonly taxesAddedAt?: Date;
  /** The tax run that added its taxes. */
  readonly taxJobId?: Uuid;
}

/** A line a tax run taxes: its price excludes tax and it charges something. */
export const needsTax = (item: InvoiceItem): boolean => !item.price.includes_tax && item.price.amount > 0;

/**
 * EPCC: tax must be added before payment when the price does not include it and there is something to pay;
 * with `includesTax` from `needsTax` over the lines, that is when a tax-exclusive line charges something.
 */
export const taxRequired = (amount: number, includesTax: boolean): boolean => !includesTax && amount > 0;

/** What the invoice asks to be paid: its items and the taxes added to them. */
export const amountDue = (invoice: Invoice): number =>
  invoice.amount + invoice.taxItems.reduce((sum, tax) => sum + tax.amount, 0);

/** Whether the price asked includes tax: it did from the start, or a tax run added it. */
export const dueIncludesTax = (invoice: Invoice): boolean => invoice.includesTax || invoice.taxesAddedAt !== undefined;

/** A freshly numbered invoice, nothing yet paid or taxed. */
export const numbered = (draft: InvoiceDraft, number: number): Invoice => ({
  ...draft,
  number,
  taxItems: [],
  paymentRetriesLimitReached: false,
  manualPaymentPending: false,
  failedPaymentAttempts: 0,
  updatedAt: draft.createdAt,
});
