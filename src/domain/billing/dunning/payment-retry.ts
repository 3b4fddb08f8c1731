import type { Invoice } from '../invoices/invoice.js';
import { isProForma } from '../invoices/pro-forma.js';
import type { PaymentStatus } from '../payments/invoice-payment.js';
import {
  type DUNNING_ACTIONS,
  type DunningRuleAttributes,
  PAYMENT_RETRIES_LIMIT_MAX,
  type PAYMENT_RETRY_TYPES,
  type PAYMENT_RETRY_UNITS,
} from './dunning-rule.js';

export type DunningAction = (typeof DUNNING_ACTIONS)[number];
export type RetryType = (typeof PAYMENT_RETRY_TYPES)[number];
export type RetryUnit = (typeof PAYMENT_RETRY_UNITS)[number];

/**
 * How an invoice's failed payments are retried: `limit` times after the first attempt, retry n waiting
 * `retryWait(policy, n)` after the attempt before it. `multiplier` only lengthens backoff and tiered waits.
 */
export interface RetryPolicy {
  readonly type: RetryType;
  readonly unit: RetryUnit;
  readonly interval: number;
  readonly multiplier: number;
  readonly limit: number;
  readonly action: DunningAction;
}

/** EPCC without a default rule: "payment is retried once a day for 10 days, in total 11 payments". */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  type: 'fixed',
  unit: 'day',
  interval: 1,
  multiplier: 1,
  limit: 10,
  action: 'none',
};

/** EPCC's backoff waits "increase exponentially"; without a multiplier each wait doubles the one before. */
export const DEFAULT_MULTIPLIER = 2;
/** A tiered schedule keeps one wait for this many retries, then the next tier waits `multiplier` times longer. */
export const RETRIES_PER_TIER = 3;

const UNIT_MS: Readonly<Record<RetryUnit, number>> = { day: 86_400_000, week: 7 * 86_400_000 };
/** No wait is longer than the longest fixed rule's (1024 weeks): a multiplier of up to 1024 over 20 retries would leave any date behind. */
export const LONGEST_WAIT_MS = 1024 * UNIT_MS.week;

/**
 * The store's default dunning rule as a retry policy; a rule without interval or unit retries daily. A
 * limit stored before limits were bounded to 0–20 counts as 20.
 */
export const retryPolicyOf = (rule: DunningRuleAttributes | undefined): RetryPolicy =>
  rule === undefined
    ? DEFAULT_RETRY_POLICY
    : {
        type: rule.payment_retry_type,
        unit: rule.payment_retry_unit ?? 'day',
        interval: rule.payment_retry_interval ?? 1,
        multiplier: rule.payment_retry_type === 'fixed' ? 1 : (rule.payment_retry_multiplier ?? DEFAULT_MULTIPLIER),
        limit: Math.min(rule.payment_retries_limit, PAYMENT_RETRIES_LIMIT_MAX),
        action: rule.action,
      };

/**
 * How long retry `n` (1 for the first retry) waits after the attempt before it, in milliseconds:
 * fixed, `interval` units every time; backoff, `interval × multiplier^(n-1)`; tiered,
 * `interval × multiplier^⌊(n-1)/3⌋` (three retries per tier). Capped at `LONGEST_WAIT_MS`.
 */
export const retryWait = (policy: RetryPolicy, n: number): number => {
  const steps =
    policy.type === 'fixed' ? 0 : policy.type === 'backoff' ? n - 1 : Math.floor((n - 1) / RETRIES_PER_TIER);
  return Math.min(
    Math.round(policy.interval * policy.multiplier ** Math.max(0, steps) * UNIT_MS[policy.unit]),
    LONGEST_WAIT_MS,
  );
};

/**
 * When the invoice's next attempt is due, in epoch milliseconds: a new invoice at once (-Infinity); after
 * `n` failed attempts, retry n's wait after the last one; undefined when none is (it is paid or its
 * retries are spent). An invoice failed more often than the limit, its retries not marked spent, is due
 * at once: a merchant asked for one more attempt (or the limit was lowered below its failures, and this
 * attempt spends it).
 */
export const nextAttemptDue = (invoice: Invoice, policy: RetryPolicy): number | undefined => {
  if (!invoice.outstanding || invoice.paymentRetriesLimitReached) return undefined;
  const last = invoice.lastPaymentAttemptAt;
  if (invoice.failedPaymentAttempts === 0 || last === undefined || invoice.failedPaymentAttempts > policy.limit)
    return Number.NEGATIVE_INFINITY;
  return last.getTime() + retryWait(policy, invoice.failedPaymentAttempts);
};

/**
 * Whether a payment run attempts the invoice now: it is outstanding, not pro forma (EPCC: not "picked up by
 * a payment run until on or after their valid_from date"), its tax (if needed) is added, no manual payment
 * of it waits, its retries are not spent, and its next attempt is due.
 */
export const isDueForPayment = (invoice: Invoice, policy: RetryPolicy, now: Date): boolean => {
  if (invoice.taxRequired || invoice.manualPaymentPending || isProForma(invoice, now)) return false;
  const due = nextAttemptDue(invoice, policy);
  return due !== undefined && due <= now.getTime();
};

/**
 * Whether the invoice's retry limit has been reached, now or before: an invoice paid on an attempt a
 * merchant asked for after its retries were spent still shows that they were.
 */
export const limitReached = (invoice: Invoice, policy: RetryPolicy): boolean =>
  invoice.paymentRetriesLimitReached || invoice.failedPaymentAttempts > policy.limit;

/**
 * The invoice after an attempt ended with `status`: paid, waiting for a manual settlement, or one more
 * failure; the first attempt and `limit` retries may fail before the limit is reached. The attempt was
 * made `attemptedAt` (now, unless a merchant settling it by hand says when), and the next retry waits
 * from then.
 */
export const afterAttempt = (
  invoice: Invoice,
  status: PaymentStatus,
  policy: RetryPolicy,
  now: Date,
  attemptedAt: Date = now,
): Invoice => {
  const attempted = { ...invoice, lastPaymentAttemptAt: attemptedAt, updatedAt: now };
  switch (status) {
    case 'succeeded':
      return {
        ...attempted,
        outstanding: false,
        manualPaymentPending: false,
        paymentRetriesLimitReached: limitReached(invoice, policy),
      };
    case 'pending':
      return { ...attempted, manualPaymentPending: true };
    case 'failed': {
      const failedPaymentAttempts = invoice.failedPaymentAttempts + 1;
      return {
        ...attempted,
        manualPaymentPending: false,
        failedPaymentAttempts,
        paymentRetriesLimitReached: failedPaymentAttempts > policy.limit,
      };
    }
  }
};
