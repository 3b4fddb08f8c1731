import type { RefundOutcome, UnknownOutcome } from '../../../application/ports/billing/payment-gateway.js';
import type { InvoicePayment } from '../../../domain/billing/payments/invoice-payment.js';
import type { PaymentRefund } from '../../../domain/billing/payments/refund.js';
import { postRequest } from './authorize-net-api.js';
import {
  chargeOfDetails,
  outcomeOfRefund,
  outcomeOfRefundLookup,
  outcomeOfVoid,
} from './authorize-net-refund-outcomes.js';
import {
  attemptNumber,
  detailsRequest,
  lookupRequest,
  type MerchantAuthentication,
  refundRequest,
  voidRequest,
} from './authorize-net-requests.js';

type Outcome = RefundOutcome | UnknownOutcome;

/** Where a store's requests go, as whom, and how long each waits for its answer. */
export interface AuthorizeNetCall {
  readonly endpoint: string;
  readonly merchant: MerchantAuthentication;
  readonly timeoutMs: number;
}

/** A charge's statuses before its batch settles: Authorize.Net voids it, it refunds none of it. */
const UNSETTLED = new Set(['authorizedPendingCapture', 'capturedPendingSettlement', 'approvedReview']);
const SETTLED = 'settledSuccessfully';
const VOIDED = 'voided';

const refused = (reason: string): RefundOutcome => ({ status: 'refused', reason });

const post = (call: AuthorizeNetCall, request: unknown) => postRequest(call.endpoint, request, call.timeoutMs);

/**
 * Voids an unsettled charge for a refund of all of it. A refusal is read again against the charge: another
 * attempt at this refund (a payment run's, while its request still waited) may have voided it a moment
 * before, and a voided charge is the whole refund made, never a refusal to record.
 */
const voidWhole = async (call: AuthorizeNetCall, refund: PaymentRefund, transId: string): Promise<Outcome> => {
  const voided = await post(call, voidRequest(call.merchant, refund, transId));
  if (voided.kind === 'no_answer') return { status: 'unknown', reason: voided.reason };
  const outcome = outcomeOfVoid(voided.body, transId);
  if (outcome.status !== 'refused') return outcome;
  const again = await post(call, detailsRequest(call.merchant, transId));
  if (again.kind === 'no_answer') return { status: 'unknown', reason: `reading the charge: ${again.reason}` };
  const now = chargeOfDetails(again.body);
  return now.kind === 'charge' && now.status === VOIDED ? { status: 'succeeded', externalRefundId: transId } : outcome;
};

/**
 * Gives back a refund of a charge. Authorize.Net refunds a charge only once it has settled (error 54
 * otherwise), and cancels an unsettled one only whole, by voiding it. So the charge's record is read first
 * (`getTransactionDetailsRequest`): it says whether the charge has settled and which customer payment
 * profile it charged, where the money goes back, even if the subscription pays with another since. Then,
 * as for a charge, Authorize.Net having no idempotency keys, the customer's transactions are looked up for
 * an earlier try of this refund, by its number: found, its outcome is the answer, nothing is asked again.
 * Not found: a settled charge is refunded; an unsettled one is voided when the refund is all of it and
 * refused otherwise, the merchant told to wait for the settlement; a voided one is the answer to an
 * earlier void whose answer was lost (or the merchant's), when the refund is all of it.
 */
export const refundThroughAuthorizeNet = async (
  call: AuthorizeNetCall,
  payment: InvoicePayment,
  refund: PaymentRefund,
): Promise<Outcome> => {
  const transId = payment.externalPaymentId;
  if (transId === undefined) return refused('the payment has no Authorize.Net transaction to refund');
  const read = await post(call, detailsRequest(call.merchant, transId));
  if (read.kind === 'no_answer') return { status: 'unknown', reason: `reading the charge: ${read.reason}` };
  const charge = chargeOfDetails(read.body);
  if (charge.kind === 'answered') return charge.outcome;

  const listed = await post(call, lookupRequest(call.merchant, charge.profile.customerProfileId));
  if (listed.kind === 'no_answer') return { status: 'unknown', reason: `looking the refund up: ${listed.reason}` };
  const earlier = outcomeOfRefundLookup(listed.body, attemptNumber(refund.id));
  if (earlier.kind === 'found') return earlier.outcome;

  const whole = refund.amount === payment.amount;
  if (charge.status === SETTLED) {
    const given = await post(
      call,
      refundRequest(call.merchant, { ...payment, externalPaymentId: transId }, refund, charge.profile),
    );
    return given.kind === 'no_answer' ? { status: 'unknown', reason: given.reason } : outcomeOfRefund(given.body);
  }
  if (UNSETTLED.has(charge.status)) {
    if (!whole)
      return refused(
        `Authorize.Net has not settled charge ${transId} yet (${charge.status}): until it settles (usually within a day) it can only be voided whole, so a part of it can be refunded once it has`,
      );
    return voidWhole(call, refund, transId);
  }
  if (charge.status === VOIDED && whole) return { status: 'succeeded', externalRefundId: transId };
  return refused(`Authorize.Net's charge ${transId} is ${charge.status}: it cannot be refunded`);
};
