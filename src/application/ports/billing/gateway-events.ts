import type * as E from 'fp-ts/lib/Either.js';
import type { GatewayOutcome } from '../../../domain/billing/payments/invoice-payment.js';
import type { Issues } from '../../../domain/shared/errors.js';
import type { RefundOutcome } from './payment-gateway.js';

/** The ids a gateway's object carries of the payment it belongs to, as this service gave them; unchecked text. */
export interface PaymentReference {
  readonly storeId: string;
  readonly invoiceId: string;
  readonly paymentId: string;
}

/**
 * What a gateway told of its own accord, once its delivery is verified: an answer, late or again, for a
 * payment or a refund this service asked it for, or something this service does not act on (`why` says
 * what, for whoever reads the delivery's answer in the gateway's dashboard).
 */
export type GatewayEvent =
  | {
      readonly _tag: 'PaymentAnswered';
      /** The gateway whose payments this answers: a payment begun on another is left alone. */
      readonly gateway: string;
      readonly payment: PaymentReference;
      readonly outcome: GatewayOutcome;
    }
  | {
      readonly _tag: 'RefundAnswered';
      readonly payment: PaymentReference;
      readonly refundId: string;
      readonly outcome: RefundOutcome;
    }
  | { readonly _tag: 'Ignored'; readonly why: string };

/**
 * Deliveries a payment gateway sends to a store's own URL (Stripe's webhooks), verified against that store's
 * signing secret over the body's exact text. Refused, with what was wrong (never the secret), when the
 * signature is missing, does not verify, is too old, or the store has no secret; an unknown store is
 * refused as one without a secret is, so the refusal does not tell which stores exist.
 */
export interface GatewayEvents {
  verify(storeId: string, payload: string, signature: string | undefined): Promise<E.Either<Issues, GatewayEvent>>;
}
