import { amountDue, type Invoice } from '../invoices/invoice.js';
import { costOfDays, daysBetween, prorationDays } from './proration.js';

/**
 * EPCC 2026's `pro_rata_remaining_value`, "the pro-rated remaining value for the billing period": what the
 * invoice asks for the whole days of its period still ahead at `now`, by the arithmetic of a switch's
 * proration (days over the period's own days, rounded down to the minor unit; a part day does not count).
 * Before the period it is the whole amount, after it nothing.
 */
export const proRataRemainingValue = (invoice: Invoice, now: Date): number => {
  const { start, end } = invoice.billingPeriod;
  const periodDays = daysBetween(start, end);
  const amount = amountDue(invoice);
  if (periodDays <= 0) return 0;
  const from = now.getTime() < start.getTime() ? start : now;
  const left = Math.min(periodDays, Math.max(0, prorationDays(from, end, 'down')));
  const value = costOfDays(amount, left, periodDays);
  // At most `amount`, which is itself an amount: a refusal here is a broken invoice, not an input.
  if (value === undefined) throw new Error(`invoice ${invoice.id} has an amount past the largest`);
  return value;
};
