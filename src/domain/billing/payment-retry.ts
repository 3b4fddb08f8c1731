import { addIntervals } from '../subscription/billing.js';
import type { DUNNING_ACTIONS, DunningRuleAttributes } from '../subscription/dunning-rule.js';
import type { Invoice } from './invoice.js';
import type { PaymentStatus } from './invoice-payment.js';

export type DunningAction = (typeof DUNNING_ACTIONS)[number];

/** How an invoice's failed payments are retried: every `interval` units, `limit` times after the first attempt. */
export interface RetryPolicy {
  readonly unit: 'day' | 'week';
  readonly interval: number;
  readonly limit: number;
  readonly action: DunningAction;
}

/** EPCC without a default rule: "payment is retried once a day for 10 days, in total 11 payments". */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { unit: 'day', interval: 1, limit: 10, action: 'none' };

/** The store's default dunning rule as a retry policy; a rule without interval or unit retries daily. */
export const retryPolicyOf = (rule: DunningRuleAttributes | undefined): RetryPolicy =>
  rule === undefined
    ? DEFAULT_RETRY_POLICY
    : { unit: rule.payment_retry_unit ?? 'day', interval: rule.payment_retry_interval ?? 1, limit: rule.payment_retries_limit, action: rule.action };

/**
 * Whether a payment run attempts the invoice now: it is outstanding, its tax (if needed) is added, no
 * manual payment of it waits, its retries are not spent, and its last failed attempt is at least one
 * retry interval old (a new invoice is eligible at once).
 */
export const isDueForPayment = (invoice: Invoice, policy: RetryPolicy, now: Date): boolean => {
  if (!invoice.outstanding || invoice.taxRequired || invoice.manualPaymentPending || invoice.paymentRetriesLimitReached) return false;
  const last = invoice.lastPaymentAttemptAt;
  if (invoice.failedPaymentAttempts === 0 || last === undefined) return true;
  return addIntervals(last, policy.unit, policy.interval).getTime() <= now.getTime();
};

/**
 * The invoice after an attempt ended with `status`: paid, waiting for a manual settlement, or one more
 * failure; the first attempt and `limit` retries may fail before the limit is reached.
 */
export const afterAttempt = (invoice: Invoice, status: PaymentStatus, policy: RetryPolicy, now: Date): Invoice => {
  const attempted = { ...invoice, lastPaymentAttemptAt: now, updatedAt: now };
  switch (status) {
    case 'succeeded':
      return { ...attempted, outstanding: false, manualPaymentPending: false };
    case 'pending':
      return { ...attempted, manualPaymentPending: true };
    case 'failed': {
      const failedPaymentAttempts = invoice.failedPaymentAttempts + 1;
      return { ...attempted, manualPaymentPending: false, failedPaymentAttempts, paymentRetriesLimitReached: failedPaymentAttempts > policy.limit };
    }
  }
};
