import type { Price } from '../catalogue/catalogue-fields.js';

/** An EPCC `Price` map of totals by currency. */
export type CurrencyTotals = Readonly<Record<string, Price>>;

/** Per-currency totals of amounts; `includes_tax` says whether every amount in that currency included tax. */
export const totalsByCurrency = (
  amounts: readonly { readonly currency: string; readonly amount: number; readonly includesTax: boolean }[],
): CurrencyTotals => {
  const totals: Record<string, { amount: number; includes_tax: boolean }> = {};
  for (const { currency, amount, includesTax } of amounts) {
    const known = totals[currency];
    totals[currency] =
      known === undefined
        ? { amount, includes_tax: includesTax }
        : { amount: known.amount + amount, includes_tax: known.includes_tax && includesTax };
  }
  return totals;
};

/** EPCC's BillingRunReport. */
export type BillingRunReport = {
  readonly invoices_ready_for_payment: number;
  readonly invoices_tax_required: number;
  readonly invoice_failures: number;
  readonly total_ready_for_payment: CurrencyTotals;
  readonly total_tax_required: CurrencyTotals;
};

/** EPCC's TaxRunReport. */
export type TaxRunReport = {
  readonly invoices_updated: number;
  readonly invoice_failures: number;
};

/** EPCC's PaymentRunReport. */
export type PaymentRunReport = {
  readonly total_payment_attempts: number;
  readonly failed_payments: number;
  readonly total_collected: CurrencyTotals;
};

/** EPCC 2026's SubscriptionUpdateReport: what a `subscription-update` job changed. */
export type SubscriptionUpdateReport = {
  readonly subscriptions_updated: number;
  readonly subscription_failures: number;
  readonly total_processed: number;
};
