import type { Invoice } from '../../../domain/billing/invoices/invoice.js';
import type { GatewayOutcome, InvoicePayment } from '../../../domain/billing/payments/invoice-payment.js';
import type { PaymentRefund } from '../../../domain/billing/payments/refund.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';

/**
 * Takes payment of an invoice; EPCC's gateways use `purchase`: charged at once, the result returned.
 *
 * The attempt is stored as a pending payment before `charge` is called, and `idempotencyKey` is that
 * payment's id. A gateway must take the money at most once per key: a second call with the same key (a
 * run that resumes an attempt cut short by a crash or an expired lease) answers the first call's outcome
 * and charges nothing more. A gateway whose provider has no idempotency keys must look the key up
 * (for example in the charge's metadata) before charging.
 *
 * A gateway that cannot tell whether the money was taken (its answer was lost: a timeout, a dropped
 * connection, a server error) answers `unknown`: the payment is left pending, as a crash would leave it,
 * and a later run asks again under the same key; it is neither a failure nor a success.
 */
export interface PaymentGateway {
  /** The name payments record as their `gateway`. */
  readonly name: string;
  /**
   * `resumed` is true for an attempt begun by an earlier run (its payment was pending already): a gateway
   * whose provider forgets idempotency keys after a while (Stripe: 24 hours) looks the payment up before
   * charging under its key again.
   */
  charge(
    invoice: Invoice,
    amount: number,
    subscription: Subscription,
    idempotencyKey: string,
    resumed?: boolean,
  ): Promise<GatewayOutcome | UnknownOutcome>;
  /**
   * Gives back `refund.amount` of a payment this gateway took. Absent on a gateway that cannot: its
   * payments are not refunded (manual payments are recorded only, by whoever refunds them).
   *
   * The refund is stored pending, holding its amount, before this is called, and `refund.id` is its
   * idempotency key: asked again for the same refund (a retried request, or an attempt resuming one whose
   * answer was lost), the gateway gives the money back at most once, and answers as it first did.
   */
  refund?(payment: InvoicePayment, refund: PaymentRefund): Promise<RefundOutcome | UnknownOutcome>;
}

/** What a gateway answered for a refund: made, with its reference; or refused, nothing given back. */
export type RefundOutcome =
  | { readonly status: 'succeeded'; readonly externalRefundId: string }
  | { readonly status: 'refused'; readonly reason: string };

/** No answer the gateway can vouch for; `reason` says why, for the logs of whoever calls. */
export interface UnknownOutcome {
  readonly status: 'unknown';
  readonly reason: string;
}

/** The gateway that takes a subscription's payments, and the one that began a payment, by its name. */
export interface PaymentGateways {
  for(subscription: Subscription): PaymentGateway;
  /**
   * The gateway a payment records as its `gateway`: an attempt cut short is resumed through the gateway that
   * began it, under the same key, even if the subscription pays another way since. Undefined for a name this
   * service does not know.
   */
  named(name: string): PaymentGateway | undefined;
}
