import { money } from './money.js';

/** A job's report as the API writes it: counts, and totals by currency (EPCC `Price` maps). */
export type Report = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
      .map(([name, inner]) => `${name.replace(/_/g, ' ')} ${valueText(inner)}`)
      .join(', ');
  return String(value);
};

/**
 * A report in words: "invoices ready for payment: 1; total ready for payment: $15.00", amounts as money
 * in their currency, nested counts (an import's) spelled out.
 */
export const reportText = (report: Report): string =>
  Object.entries(report)
    .map(([name, value]) => `${name.replace(/_/g, ' ')}: ${valueText(value)}`)
    .join('; ');
