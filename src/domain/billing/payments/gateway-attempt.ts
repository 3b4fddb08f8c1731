import * as E from 'fp-ts/lib/Either.js';
import { conflict, type DomainError } from '../../shared/errors.js';
import { afterAttempt, type RetryPolicy } from '../dunning/payment-retry.js';
import type { Invoice } from '../invoices/invoice.js';
import { type GatewayOutcome, type InvoicePayment, PAYMENT_TEXT_MAX } from './invoice-payment.js';

/** A gateway's reason as a payment keeps it: at most `PAYMENT_TEXT_MAX` code points, cut with an ellipsis. */
export const keptReason = (reason: string): string => {
  const points = [...reason];
  return points.length <= PAYMENT_TEXT_MAX ? reason : `${points.slice(0, PAYMENT_TEXT_MAX - 1).join('')}…`;
};

/** A payment not yet settled, whatever a gateway or a merchant says of it now. */
export const paymentNotPending = (payment: InvoicePayment): DomainError =>
  conflict(`the payment is not pending: it ${payment.status} already`, 'payment_not_pending');

/**
 * A pending payment, stored before its gateway was asked, as the gateway's answer leaves it: taken, the
 * invoice is paid; failed, one more failed attempt; still pending, it waits for a settlement. An answer
 * for a payment settled meanwhile (by a merchant, or by an earlier answer) is refused.
 */
export const completedAttempt = (
  invoice: Invoice,
  payment: InvoicePayment,
  outcome: GatewayOutcome,
  policy: RetryPolicy,
  now: Date,
): E.Either<DomainError, { readonly invoice: Invoice; readonly payment: InvoicePayment }> => {
  if (payment.status !== 'pending') return E.left(paymentNotPending(payment));
  const changed = afterAttempt(invoice, outcome.status, policy, now);
  switch (outcome.status) {
    case 'pending':
      return E.right({ invoice: changed, payment: { ...payment, updatedAt: now } });
    case 'succeeded':
      return E.right({
        invoice: changed,
        payment: {
          ...payment,
          status: 'succeeded',
          ...(outcome.externalPaymentId === undefined ? {} : { externalPaymentId: outcome.externalPaymentId }),
          paymentTakenAt: now,
          updatedAt: now,
        },
      });
    case 'failed':
      return E.right({
        invoice: changed,
        payment: { ...payment, status: 'failed', failureReason: keptReason(outcome.failureReason), updatedAt: now },
      });
  }
};
