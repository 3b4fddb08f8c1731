import { money } from './money.js';

/** A job's report as the API writes it: counts, and totals by currency (EPCC `Price` maps). */
export type Report = Readonly<Record<string, unknown>>;

/** One line of a report: what it counts, its value in words, and whether it counts things that failed. */
export interface ReportRow {
  readonly label: string;
  readonly value: string;
  readonly failures: boolean;
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What each count of EPCC's run reports (and of an import's) is, in a merchant's words. */
const LABELS: Readonly<Record<string, string>> = {
  invoices_ready_for_payment: 'Invoices ready for payment',
  invoices_tax_required: 'Invoices waiting for tax',
  invoice_failures: 'Invoices that failed',
  total_ready_for_payment: 'Total ready for payment',
  total_tax_required: 'Total waiting for tax, tax excluded',
  invoices_updated: 'Invoices taxed',
  total_payment_attempts: 'Payment attempts',
  failed_payments: 'Failed payments',
  total_collected: 'Collected',
  subscriptions_updated: 'Subscriptions updated',
  subscription_failures: 'Subscriptions that failed',
  total_processed: 'Subscriptions processed',
  records: 'Records',
  uploaded: 'uploaded',
  imported: 'imported',
  failed: 'Lines not imported',
};

/** The counts that say something failed: worth a look whenever they are not zero. */
const FAILURE_COUNTS = new Set(['invoice_failures', 'failed_payments', 'subscription_failures', 'failed']);

const labelOf = (name: string): string => LABELS[name] ?? name.replace(/_/g, ' ');

/** `{"USD": {"amount": 1500, ...}}`: each entry an amount in minor units under a currency code. */
const currencyTotals = (value: unknown): readonly { amount: number; currency: string }[] | undefined => {
  if (!isRecord(value)) return undefined;
  const totals: { amount: number; currency: string }[] = [];
  for (const [currency, price] of Object.entries(value)) {
    if (!/^[A-Z]{3}$/.test(currency) || !isRecord(price) || typeof price['amount'] !== 'number') return undefined;
    totals.push({ amount: price['amount'], currency });
  }
  return totals;
};

const valueText = (value: unknown): string => {
  const totals = currencyTotals(value);
  if (totals !== undefined) return totals.length === 0 ? 'none' : totals.map(money).join(', ');
  if (isRecord(value))
    return Object.entries(value)
      .map(([name, inner]) => `${labelOf(name)} ${valueText(inner)}`)
      .join(', ');
  return String(value);
};

/**
 * A report as labelled lines: "Invoices ready for payment: 1", "Collected: $15.00", amounts as money in
 * their currency, an import's nested counts spelled out, failure counts marked when not zero.
 */
export const reportRows = (report: Report): readonly ReportRow[] =>
  Object.entries(report).map(([name, value]) => ({
    label: labelOf(name),
    value: valueText(value),
    failures: FAILURE_COUNTS.has(name) && typeof value === 'number' && value > 0,
  }));
