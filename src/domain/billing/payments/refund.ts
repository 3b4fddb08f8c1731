import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { typedAttributes } from '../../catalogue/catalogue-fields.js';
import { type DomainError, unprocessable } from '../../shared/errors.js';
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

/** What a payment has left to give back. */
export const refundable = (payment: InvoicePayment): number => payment.amount - payment.amountRefunded;

const notRefundable = (detail: string): DomainError =>
  unprocessable(`Unprocessable Content: cannot process the refund: ${detail}`, 'payment_not_refundable');

/**
 * A refund of a taken payment, decided with the payment as it is under its invoice's lock, so that two
 * refunds at once can never give back more than was paid. EPCC: "Creates a refund for a paid invoice", 422
 * when it cannot. Only a manual payment is refunded: its money was taken outside this service, and the
 * merchant gives it back the same way; a gateway's payment would need its gateway to give the money back,
 * and no gateway of this service can yet. The invoice is left as it is (still paid), as Stripe leaves an
 * invoice `paid` when its charge is refunded and shows the refund on the charge (`amount_refunded`).
 */
export const refunded = (
  payment: InvoicePayment,
  request: RefundRequest,
  id: Uuid,
  now: Date,
): E.Either<DomainError, { readonly payment: InvoicePayment; readonly refund: PaymentRefund }> => {
  if (payment.status !== 'succeeded')
    return E.left(notRefundable(`the payment was not taken (it is ${payment.status})`));
  if (payment.gateway !== MANUAL_GATEWAY)
    return E.left(
      notRefundable(
        `only a manual payment is refunded here: this one was taken through the ${payment.gateway} gateway, which this service cannot ask to give money back`,
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
      gateway: payment.gateway,
      ...(request.external_refund_id === undefined ? {} : { externalRefundId: request.external_refund_id }),
      createdAt: now,
    },
  });
};
