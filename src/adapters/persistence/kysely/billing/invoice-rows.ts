import type { Insertable, Kysely, Selectable } from 'kysely';
import {
  type Invoice,
  type InvoiceItem,
  type InvoiceProration,
  type InvoiceTaxLine,
  NO_PRORATION,
} from '../../../../domain/billing/invoices/invoice.js';
import {
  type InvoicePayment,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '../../../../domain/billing/payments/invoice-payment.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InvoicePaymentsTable, InvoicesTable, Tables } from '../engine/schema.js';
import { parseJson, record, storedDate, storedUuid } from '../sql/stored-json.js';
import { prorationsFromJson } from '../subscriptions/subscription-json.js';

/** MySQL reads booleans back as 0 or 1. */
export const bool = (value: boolean | number): boolean => value === true || value === 1;

const optionalDate = <K extends string>(key: K, value: Date | null): { [P in K]?: Date } =>
  value === null ? {} : ({ [key]: value } as { [P in K]?: Date });

const itemsToJson = (items: readonly InvoiceItem[]): string => JSON.stringify(items);

const itemFromJson = (value: unknown): InvoiceItem => {
  const item = record('invoice item', value);
  const price = record('invoice item price', item['price']);
  return {
    description: String(item['description']),
    price: {
      currency: String(price['currency']),
      amount: Number(price['amount']),
      includes_tax: price['includes_tax'] === true,
    },
    ...(item['productId'] === undefined ? {} : { productId: storedUuid('invoice item product', item['productId']) }),
    fromTimePeriod: storedDate('invoice item from', item['fromTimePeriod']),
    untilTimePeriod: storedDate('invoice item until', item['untilTimePeriod']),
  };
};

const listFrom = (what: string, text: string): unknown[] => {
  const value = parseJson(what, text);
  if (!Array.isArray(value)) throw new Error(`stored ${what} is not a list`);
  return value;
};

const prorationToJson = (proration: InvoiceProration): string | null =>
  proration.events.length === 0 && proration.through === 0 && proration.creditCarried === 0
    ? null
    : JSON.stringify(proration);

export const prorationFromJson = (text: string | null): InvoiceProration => {
  if (text === null) return NO_PRORATION;
  const value = record('invoice proration', parseJson('invoice proration', text));
  const { through, creditCarried } = value;
  if (
    typeof through !== 'number' ||
    !Number.isSafeInteger(through) ||
    typeof creditCarried !== 'number' ||
    !Number.isSafeInteger(creditCarried)
  ) {
    throw new Error('stored invoice proration is malformed');
  }
  return { events: prorationsFromJson(value['events']), through, creditCarried };
};

export const invoiceToRow = (invoice: Invoice): Insertable<InvoicesTable> => ({
  id: invoice.id,
  store_id: invoice.storeId,
  subscription_id: invoice.subscriptionId,
  subscriber_id: invoice.subscriberId,
  number: invoice.number,
  billing_period_start: invoice.billingPeriod.start,
  billing_period_end: invoice.billingPeriod.end,
  items: itemsToJson(invoice.items),
  tax_items: JSON.stringify(invoice.taxItems),
  currency: invoice.currency,
  amount: invoice.amount,
  includes_tax: invoice.includesTax,
  outstanding: invoice.outstanding,
  tax_required: invoice.taxRequired,
  payment_retries_limit_reached: invoice.paymentRetriesLimitReached,
  manual_payment_pending: invoice.manualPaymentPending,
  failed_payment_attempts: invoice.failedPaymentAttempts,
  last_payment_attempt_at: invoice.lastPaymentAttemptAt ?? null,
  job_id: invoice.jobId ?? null,
  tax_job_id: invoice.taxJobId ?? null,
  created_at: invoice.createdAt,
  updated_at: invoice.updatedAt,
  taxes_added_at: invoice.taxesAddedAt ?? null,
  valid_from: invoice.validFrom ?? null,
  proration: prorationToJson(invoice.proration),
});

export const invoiceFromRow = (row: Selectable<InvoicesTable>): Invoice => ({
  id: storedUuid('invoice id', row.id),
  storeId: storedUuid('invoice store', row.store_id),
  subscriptionId: storedUuid('invoice subscription', row.subscription_id),
  subscriberId: row.subscriber_id,
  number: Number(row.number),
  billingPeriod: { start: row.billing_period_start, end: row.billing_period_end },
  items: listFrom('invoice items', row.items).map(itemFromJson),
  taxItems: listFrom('invoice tax items', row.tax_items).map((value) => value as InvoiceTaxLine),
  currency: row.currency,
  amount: Number(row.amount),
  includesTax: bool(row.includes_tax),
  outstanding: bool(row.outstanding),
  taxRequired: bool(row.tax_required),
  paymentRetriesLimitReached: bool(row.payment_retries_limit_reached),
  manualPaymentPending: bool(row.manual_payment_pending),
  failedPaymentAttempts: row.failed_payment_attempts,
  ...optionalDate('lastPaymentAttemptAt', row.last_payment_attempt_at),
  ...(row.job_id === null ? {} : { jobId: storedUuid('invoice job', row.job_id) }),
  ...(row.tax_job_id === null ? {} : { taxJobId: storedUuid('invoice tax job', row.tax_job_id) }),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  ...optionalDate('taxesAddedAt', row.taxes_added_at),
  ...optionalDate('validFrom', row.valid_from),
  proration: prorationFromJson(row.proration),
});

export const paymentStatus = (value: string): PaymentStatus => {
  const known = PAYMENT_STATUSES.find((s) => s === value);
  if (known === undefined) throw new Error(`stored payment status is unknown: ${value}`);
  return known;
};

export const paymentToRow = (payment: InvoicePayment): Insertable<InvoicePaymentsTable> => ({
  id: payment.id,
  store_id: payment.storeId,
  invoice_id: payment.invoiceId,
  subscription_id: payment.subscriptionId,
  job_id: payment.jobId,
  gateway: payment.gateway,
  status: payment.status,
  amount: payment.amount,
  currency: payment.currency,
  includes_tax: payment.includesTax,
  external_payment_id: payment.externalPaymentId ?? null,
  failure_reason: payment.failureReason ?? null,
  pending_invoice_id: payment.status === 'pending' ? payment.invoiceId : null,
  created_at: payment.createdAt,
  updated_at: payment.updatedAt,
  payment_taken_at: payment.paymentTakenAt ?? null,
  amount_refunded: payment.amountRefunded,
});

export const paymentFromRow = (row: Selectable<InvoicePaymentsTable>): InvoicePayment => ({
  id: storedUuid('payment id', row.id),
  storeId: storedUuid('payment store', row.store_id),
  invoiceId: storedUuid('payment invoice', row.invoice_id),
  subscriptionId: storedUuid('payment subscription', row.subscription_id),
  jobId: storedUuid('payment job', row.job_id),
  gateway: row.gateway,
  status: paymentStatus(row.status),
  amount: Number(row.amount),
  currency: row.currency,
  includesTax: bool(row.includes_tax),
  ...(row.external_payment_id === null ? {} : { externalPaymentId: row.external_payment_id }),
  ...(row.failure_reason === null ? {} : { failureReason: row.failure_reason }),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  ...optionalDate('paymentTakenAt', row.payment_taken_at),
  amountRefunded: Number(row.amount_refunded),
});

/**
 * The invoice, its row locked to the end of `trx`: every change of an invoice's payments (attempts,
 * settlements, refunds) takes this lock first, so each decides from what the one before it left.
 */
export const lockInvoice = async (trx: Kysely<Tables>, storeId: Uuid, id: Uuid): Promise<Invoice | undefined> => {
  const row = await trx
    .selectFrom('subscription_invoices')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row === undefined ? undefined : invoiceFromRow(row);
};
