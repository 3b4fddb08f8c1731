import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { typedAttributes } from '../../catalogue/catalogue-fields.js';
import { booleanValue } from '../../shared/boolean.js';
import { conflict, type DomainError, issues, validationFailed } from '../../shared/errors.js';
import { optionalField, parseCreated, requiredField } from '../../shared/record-parser.js';
import { boundedString } from '../../shared/text.js';
import { parseTimestamp } from '../../shared/timestamp.js';
import type { Uuid } from '../../shared/uuid.js';
import { isRecord, type Parsed } from '../../shared/validation.js';
import { afterAttempt, limitReached, type RetryPolicy } from '../dunning/payment-retry.js';
import type { Invoice } from '../invoices/invoice.js';
import { paymentNotPending } from './gateway-attempt.js';
import { INVOICE_PAYMENT_TYPE, type InvoicePayment, MANUAL_GATEWAY, PAYMENT_TEXT_MAX } from './invoice-payment.js';

/** The longest gateway reference or failure reason a merchant's settlement may give: as long as a payment keeps. */
export const SETTLEMENT_TEXT_MAX = PAYMENT_TEXT_MAX;

/** EPCC's UpdateInvoicePayment sends the reason as text; `{"reason": ...}`, as a payment shows it, is also taken. */
const failureDetail =
  (source: string) =>
  (input: unknown): Parsed<string> => {
    if (typeof input === 'string') return boundedString(1, SETTLEMENT_TEXT_MAX)(source)(input);
    if (!isRecord(input)) return E.left(issues(source, 'must be a text, or an object with a reason'));
    return boundedString(1, SETTLEMENT_TEXT_MAX)(`${source}.reason`)(input['reason']);
  };

const SETTLEMENT_FIELDS = {
  success: requiredField(booleanValue),
  external_payment_id: optionalField(boundedString(1, SETTLEMENT_TEXT_MAX)),
  failure_detail: optionalField(failureDetail),
  payment_taken_at: optionalField(parseTimestamp),
};

/**
 * How a merchant settles a pending manual payment: taken (with the gateway's reference and when) or failed
 * (with why, and when the failed attempt was made).
 */
export interface Settlement {
  readonly success: boolean;
  readonly external_payment_id?: string;
  readonly failure_detail?: string;
  readonly payment_taken_at?: Date;
}

const PAYMENT_TAKEN_AT = 'data.attributes.payment_taken_at';

/** The body's `id`, when given, names the payment of the path: a mismatch is a client settling the wrong payment. */
const sameId = (data: unknown, paymentId: Uuid): Parsed<unknown> =>
  isRecord(data) && data['id'] !== undefined && data['id'] !== paymentId
    ? E.left(issues('data.id', 'must be the id of the payment in the path'))
    : E.right(data);

/**
 * EPCC's UpdateInvoicePayment, `PUT /subscriptions/invoices/:id/payments/:payment_id`:
 * `{"id": ..., "type": "subscription_invoice_payment", "attributes": {"success": ..., ...}}`.
 * `payment_taken_at` is taken with either outcome, as EPCC takes it (its own example settles a failure
 * with one): when the payment was taken, or when the failed attempt was made.
 */
export const parseSettlement = (data: unknown, paymentId: Uuid): Parsed<Settlement> =>
  pipe(
    sameId(data, paymentId),
    E.flatMap((checked) => typedAttributes(checked, INVOICE_PAYMENT_TYPE)),
    E.flatMap((attributes) => parseCreated(SETTLEMENT_FIELDS, attributes, 'data.attributes')),
  );

export const MANUAL_FAILURE = 'the manual payment failed';

/**
 * A pending payment settled: taken, the invoice is paid; failed, it counts as a failed attempt for
 * retries. Only a pending manual payment can be settled: a pending payment of another gateway is an
 * attempt in flight, which its gateway's answer settles (settling it by hand could mark an uncharged
 * invoice paid, or have it charged again). The merchant may say when (`payment_taken_at`, not later than
 * now): when the payment was taken, or now; when a failed attempt was made, which is then the payment's
 * time and the attempt the next retry is counted from, or now (the payment shows no time of its own then,
 * as a gateway's failure does not).
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
    return E.left(
      conflict(
        `only a manual payment is settled by hand: this one is an attempt through the ${payment.gateway} gateway, settled by its answer`,
        'payment_not_pending',
      ),
    );
  }
  const at = settlement.payment_taken_at;
  if (at !== undefined && at > now)
    return E.left(validationFailed(issues(PAYMENT_TAKEN_AT, 'must not be later than now')));
  if (settlement.success) {
    return E.right({
      invoice: {
        ...invoice,
        outstanding: false,
        manualPaymentPending: false,
        paymentRetriesLimitReached: limitReached(invoice, policy),
        updatedAt: now,
      },
      payment: {
        ...payment,
        status: 'succeeded',
        ...(settlement.external_payment_id === undefined ? {} : { externalPaymentId: settlement.external_payment_id }),
        paymentTakenAt: at ?? now,
        updatedAt: now,
      },
    });
  }
  return E.right({
    invoice: afterAttempt(invoice, 'failed', policy, now, at),
    payment: {
      ...payment,
      status: 'failed',
      failureReason: settlement.failure_detail ?? MANUAL_FAILURE,
      ...(settlement.external_payment_id === undefined ? {} : { externalPaymentId: settlement.external_payment_id }),
      ...(at === undefined ? {} : { paymentTakenAt: at }),
      updatedAt: now,
    },
  });
};
