import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { booleanValue } from '../shared/boolean.js';
import { conflict, issues, type DomainError } from '../shared/errors.js';
import { optionalField, parseCreated, requiredField } from '../shared/record-parser.js';
import { boundedString } from '../shared/text.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import { typedAttributes } from '../subscription/catalogue-fields.js';
import { paymentNotPending } from './gateway-attempt.js';
import type { Invoice } from './invoice.js';
import { INVOICE_PAYMENT_TYPE, MANUAL_GATEWAY, type InvoicePayment } from './invoice-payment.js';
import { afterAttempt, limitReached, type RetryPolicy } from './payment-retry.js';

const failureDetail = (source: string) => (input: unknown): Parsed<{ readonly reason: string }> => {
  if (!isRecord(input)) return E.left(issues(source, 'must be an object'));
  return E.map((reason: string) => ({ reason }))(boundedString(1, 1024)(`${source}.reason`)(input['reason']));
};

const SETTLEMENT_FIELDS = {
  success: requiredField(booleanValue),
  external_payment_id: optionalField(boundedString(1, 1024)),
  failure_detail: optionalField(failureDetail),
};

/** How a merchant settles a pending manual payment: taken (with the gateway's reference) or failed (with why). */
export interface Settlement {
  readonly success: boolean;
  readonly external_payment_id?: string;
  readonly failure_detail?: { readonly reason: string };
}

/** `PUT /subscriptions/invoices/:id/payments/:payment_id`: `{"type": "subscription_invoice_payment", "attributes": {...}}`. */
export const parseSettlement = (data: unknown): Parsed<Settlement> =>
  pipe(
    typedAttributes(data, INVOICE_PAYMENT_TYPE),
    E.flatMap((attributes) => parseCreated(SETTLEMENT_FIELDS, attributes, 'data.attributes')),
  );

export const MANUAL_FAILURE = 'the manual payment failed';

/**
 * A pending payment settled: taken, the invoice is paid; failed, it counts as a failed attempt for
 * retries (the next retry counts from now). Only a pending manual payment can be settled: a pending
 * payment of another gateway is an attempt in flight, which its gateway's answer settles (settling it by
 * hand could mark an uncharged invoice paid, or have it charged again).
 */
export const settled = (
  invoice: Invoice,
  payment: InvoicePayment,
  settlement: Settlement,
  policy: RetryPolicy,
  now: Date,
): E.Either<DomainError, { readonly invoice: Invoice; readonly payment: InvoicePayment }> => {
  if (payment.status !== 'pending') return E.left(paymentNotPending(payment));
  if (payment.gateway !== MANUAL_GATEWAY) {
    return E.left(conflict(`only a manual payment is settled by hand: this one is an attempt through the ${payment.gateway} gateway, settled by its answer`, 'payment_not_pending'));
  }
  if (settlement.success) {
    return E.right({
      invoice: { ...invoice, outstanding: false, manualPaymentPending: false, paymentRetriesLimitReached: limitReached(invoice, policy), updatedAt: now },
      payment: {
        ...payment,
        status: 'succeeded',
        ...(settlement.external_payment_id === undefined ? {} : { externalPaymentId: settlement.external_payment_id }),
        paymentTakenAt: now,
        updatedAt: now,
      },
    });
  }
  return E.right({
    invoice: afterAttempt(invoice, 'failed', policy, now),
    payment: {
      ...payment,
      status: 'failed',
      failureReason: settlement.failure_detail?.reason ?? MANUAL_FAILURE,
      ...(settlement.external_payment_id === undefined ? {} : { externalPaymentId: settlement.external_payment_id }),
      updatedAt: now,
    },
  });
};
