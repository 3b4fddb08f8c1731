import type Stripe from 'stripe';
import type { UnknownOutcome } from '../../../application/ports/billing/payment-gateway.js';
import type { GatewayOutcome } from '../../../domain/billing/payments/invoice-payment.js';
import type { StripeSdk } from './stripe-sdk.js';

type Outcome = GatewayOutcome | UnknownOutcome;

const failed = (failureReason: string): GatewayOutcome => ({ status: 'failed', failureReason });

/** Stripe's words for 3-D Secure asked of a payment made with no customer present to answer it. */
const mustAuthenticate = (intentId: string | undefined): GatewayOutcome =>
  failed(
    `the card's issuer requires the customer to authenticate (3-D Secure), which a payment made without the customer present cannot do${intentId === undefined ? '' : ` (payment intent ${intentId})`}`,
  );

/**
 * What a confirmed PaymentIntent says of the payment: taken; `processing` (some methods settle later: the
 * payment waits, pending, for its settlement); or not taken, with why.
 */
export const outcomeOfIntent = (intent: Stripe.PaymentIntent): GatewayOutcome => {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', externalPaymentId: intent.id };
    case 'processing':
      return { status: 'pending' };
    case 'requires_action':
      return mustAuthenticate(intent.id);
    case 'requires_payment_method':
      return failed(
        `Stripe could not charge the payment method: ${intent.last_payment_error?.message ?? 'it needs another one'} (payment intent ${intent.id})`,
      );
    default:
      return failed(`Stripe left payment intent ${intent.id} ${intent.status}, not succeeded`);
  }
};

/**
 * What an error from Stripe says of the payment. Only an answer Stripe gave can fail it: without one (a
 * timeout, a dropped connection), or with a 5xx or a 429 (the request may have been processed, or was not
 * looked at), whether the money was taken is unknown, and a later run asks again under the same key.
 * Reasons never quote Stripe's message for a refused or underprivileged key, which names part of it.
 */
export const outcomeOfError = (sdk: StripeSdk, error: InstanceType<StripeSdk['errors']['StripeError']>): Outcome => {
  if (error instanceof sdk.errors.StripeConnectionError)
    return { status: 'unknown', reason: `no answer from Stripe: ${error.message}` };
  if ((error.statusCode ?? 0) >= 500 || error instanceof sdk.errors.StripeRateLimitError)
    return { status: 'unknown', reason: `Stripe answered ${error.statusCode}: ${error.message}` };
  if (error instanceof sdk.errors.StripeCardError) {
    if (error.code === 'authentication_required') return mustAuthenticate(error.payment_intent?.id);
    const why = error.decline_code ?? error.code ?? 'card_declined';
    return failed(`the card was declined (${why}): ${error.message}`);
  }
  if (error instanceof sdk.errors.StripeAuthenticationError || error instanceof sdk.errors.StripePermissionError)
    return failed(`Stripe refused the store's secret key (${error.statusCode})`);
  // Stripe answers a key reused with other parameters 400 (the library's StripeIdempotencyError); the type says it at any status.
  if (error instanceof sdk.errors.StripeIdempotencyError || error.rawType === 'idempotency_error')
    return failed(`Stripe refused the payment's idempotency key: ${error.message}`);
  return failed(`Stripe refused the payment (${error.statusCode ?? error.type}): ${error.message}`);
};
