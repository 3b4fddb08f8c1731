import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { typedAttributes } from '../../catalogue/catalogue-fields.js';
import { conflict, type DomainError, unprocessable } from '../../shared/errors.js';
import { integerInRange } from '../../shared/integer.js';
import { AMOUNT_MAX } from '../../shared/money.js';
import { optionalField, parseCreated, requiredField } from '../../shared/record-parser.js';
import { boundedString } from '../../shared/text.js';
import type { Uuid } from '../../shared/uuid.js';
import type { Parsed } from '../../shared/validation.js';
import { type InvoicePayment, MANUAL_GATEWAY } from './invoice-payment.js';

export const INVOICE_PAYMENT_REFUND_TYPE = 'subscription_invoice_payment_refund';
export const REFUND_NOT_FOUND = 'invoice payment refund not found';
/** EPCC's `reason` and `external_refund_id`: at most 1,024 characters. */
export const REFUND_TEXT_MAX = 1024;

/**
 * A refund a gateway is asked to make is `pending` from before it is asked until its answer is recorded;
 * a manual one, recorded only, is `succeeded` at once.
 */
export const REFUND_STATUSES = ['pending', 'succeeded'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Money given back of one taken payment, in the payment's currency. */
export interface PaymentRefund {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly invoiceId: Uuid;
  readonly paymentId: Uuid;
  readonly subscriptionId: Uuid;
  readonly amount: number;
  readonly currency: string;
  readonly reason: string;
  readonly status: RefundStatus;
  /** The payment's gateway, which gave the money back. */
  readonly gateway: string;
  /** The gateway's reference of the refund: for a manual one, the merchant's, when given. */
  readonly externalRefundId?: string;
  readonly createdAt: Date;
}

const REFUND_FIELDS = {
  amount: requiredField(integerInRange(1, AMOUNT_MAX)),
  reason: requiredField(boundedString(1, REFUND_TEXT_MAX)),
  external_refund_id: optionalField(boundedString(1, REFUND_TEXT_MAX)),
};

/** What a merchant asks to give back: EPCC's `amount` and `reason`, and our `external_refund_id`. */
export interface RefundRequest {
  readonly amount: number;
  readonly reason: string;
  readonly external_refund_id?: string;
}

/**
 * EPCC's CreateInvoicePaymentRefund body, `{"type": "subscription_invoice_payment_refund", "attributes":
 * {"amount": 100, "reason": "..."}}`.
 */
export const parseRefundRequest = (data: unknown): Parsed<RefundRequest> =>
  pipe(
    typedAttributes(data, INVOICE_PAYMENT_REFUND_TYPE),
    E.flatMap((attributes) => parseCreated(REFUND_FIELDS, attributes, 'data.attributes')),
  );

/**
 * What a payment has left to give back. Its `amountRefunded` counts pending refunds too (as Stripe's
 * `amount_refunded` counts a charge's pending refunds), so that a refund being asked of a gateway holds
 * its amount against every other until the gateway answers.
 */
export const refundable = (payment: InvoicePayment): number => payment.amount - payment.amountRefunded;

const notRefundable = (detail: string): DomainError =>
  unprocessable(`Unprocessable Content: cannot process the refund: ${detail}`, 'payment_not_refundable');

/** A refund as it is stored, with its payment as the refund leaves it. */
export interface RefundedPayment {
  readonly payment: InvoicePayment;
  readonly refund: PaymentRefund;
}

/**
 * A refund of a taken payment, decided with the payment as it is under its invoice's lock, so that two
 * refunds at once can never give back more than was paid. EPCC: "Creates a refund for a paid invoice", 422
 * when it cannot. A manual payment's money was taken outside this service and the merchant gives it back
 * the same way: its refund is recorded, `succeeded`. A gateway's payment is refunded through that gateway
 * (`gatewayRefunds`): its refund is stored `pending`, holding its amount, before the gateway is asked, and
 * `refundGiven` or `refundWithdrawn` records the answer. A gateway that cannot refund refuses it. The
 * invoice is left as it is (still paid), as Stripe leaves an invoice `paid` when its charge is refunded and
 * shows the refund on the charge (`amount_refunded`).
 */
export const refunded = (
  payment: InvoicePayment,
  request: RefundRequest,
  id: Uuid,
  now: Date,
  gatewayRefunds = false,
): E.Either<DomainError, RefundedPayment> => {
  if (payment.status !== 'succeeded')
    return E.left(notRefundable(`the payment was not taken (it is ${payment.status})`));
  const manual = payment.gateway === MANUAL_GATEWAY;
  if (!manual && !gatewayRefunds)
    return E.left(
      notRefundable(
        `the payment was taken through the ${payment.gateway} gateway, which this service cannot ask to give money back`,
      ),
    );
  const left = refundable(payment);
  if (request.amount > left)
    return E.left(
      notRefundable(
        left === 0
          ? 'the payment is refunded in full already'
          : `the amount is more than what is left of the payment to refund (${left})`,
      ),
    );
  return E.right({
    payment: { ...payment, amountRefunded: payment.amountRefunded + request.amount, updatedAt: now },
    refund: {
      id,
      storeId: payment.storeId,
      invoiceId: payment.invoiceId,
      paymentId: payment.id,
      subscriptionId: payment.subscriptionId,
      amount: request.amount,
      currency: payment.currency,
      reason: request.reason,
      status: manual ? 'succeeded' : 'pending',
      gateway: payment.gateway,
      ...(request.external_refund_id === undefined ? {} : { externalRefundId: request.external_refund_id }),
      createdAt: now,
    },
  });
};

/** A gateway's answer for a refund settled meanwhile (by an earlier answer) is not recorded again. */
export const refundNotPending = (refund: PaymentRefund): DomainError =>
  conflict(`the refund is not pending: it ${refund.status} already`, 'refund_not_pending');

/** A pending refund the gateway made: `succeeded`, with the gateway's reference of it. The payment counted it already. */
export const refundGiven = (
  payment: InvoicePayment,
  refund: PaymentRefund,
  externalRefundId: string,
): E.Either<DomainError, RefundedPayment> =>
  refund.status !== 'pending'
    ? E.left(refundNotPending(refund))
    : E.right({ payment, refund: { ...refund, status: 'succeeded', externalRefundId } });

/** A pending refund the gateway refused: it is no more, and its amount is the payment's to refund again. */
export const refundWithdrawn = (
  payment: InvoicePayment,
  refund: PaymentRefund,
  now: Date,
): E.Either<DomainError, RefundedPayment> =>
  refund.status !== 'pending'
    ? E.left(refundNotPending(refund))
    : E.right({
        payment: { ...payment, amountRefunded: Math.max(0, payment.amountRefunded - refund.amount), updatedAt: now },
        refund,
      });

/** A gateway's refusal of a refund, in its words: nothing was given back. */
export const gatewayRefusedRefund = (gateway: string, reason: string): DomainError =>
  unprocessable(
    `Unprocessable Content: the ${gateway} gateway refused the refund, and nothing was refunded: ${reason}`,
    'refund_refused',
  );
