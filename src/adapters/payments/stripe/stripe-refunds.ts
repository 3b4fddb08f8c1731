import type Stripe from 'stripe';
import type { RefundOutcome, UnknownOutcome } from '../../../application/ports/billing/payment-gateway.js';
import type { StripeSdk } from './stripe-sdk.js';

type Outcome = RefundOutcome | UnknownOutcome;

const refused = (reason: string): RefundOutcome => ({ status: 'refused', reason });

/**
 * What a Refund object says: `succeeded`, or `pending` (Stripe took it, and some methods give the money
 * back later; Stripe counts it in the charge's `amount_refunded` already), is made; `failed`, `canceled` or
 * `requires_action` (the customer must give bank details, which an API refund cannot ask for) is not.
 */
export const outcomeOfRefund = (refund: Stripe.Refund): RefundOutcome => {
  if (refund.status === 'succeeded' || refund.status === 'pending')
    return { status: 'succeeded', externalRefundId: refund.id };
  return refused(`Stripe left refund ${refund.id} ${refund.status ?? 'without a status'}`);
};

/** Stripe's codes for a refund it refuses, in this service's words. */
const REFUSALS: Readonly<Record<string, string>> = {
  charge_already_refunded: 'the charge is refunded in full on Stripe already',
  amount_too_large: 'the amount is more than what is left of the charge to refund on Stripe',
  charge_disputed: 'the charge is disputed on Stripe',
};

/**
 * What an error from Stripe says of a refund. As for a charge, no answer, a 5xx or a 429 leaves it
 * unknown (the refund may have been made), and so does a 409: Stripe is still answering the same key for
 * another attempt. Any other answer refuses it. A refused key's message, which quotes part of it, is never kept.
 */
export const outcomeOfRefundError = (
  sdk: StripeSdk,
  error: InstanceType<StripeSdk['errors']['StripeError']>,
): Outcome => {
  if (error instanceof sdk.errors.StripeConnectionError)
    return { status: 'unknown', reason: `no answer from Stripe: ${error.message}` };
  const status = error.statusCode ?? 0;
  if (status >= 500 || status === 409 || error instanceof sdk.errors.StripeRateLimitError)
    return { status: 'unknown', reason: `Stripe answered ${status}: ${error.message}` };
  if (error instanceof sdk.errors.StripeAuthenticationError || error instanceof sdk.errors.StripePermissionError)
    return refused(`Stripe refused the store's secret key (${status})`);
  const known = error.code === undefined ? undefined : REFUSALS[error.code];
  return refused(
    `${known ?? 'Stripe refused the refund'} (${error.code ?? error.rawType ?? status}): ${error.message}`,
  );
};
