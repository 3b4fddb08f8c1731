import { isRight } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { RefundOutcome, UnknownOutcome } from '../../../application/ports/billing/payment-gateway.js';
import {
  ChargeAnswer,
  DUPLICATE,
  errorsText,
  HELD,
  LookupAnswer,
  Messages,
  REFUSED,
  refusalReason,
  transactionNamed,
  UNREADABLE_REASON,
} from './authorize-net-outcomes.js';
import type { CustomerPaymentProfile } from './authorize-net-requests.js';

type Outcome = RefundOutcome | UnknownOutcome;

const refused = (reason: string): RefundOutcome => ({ status: 'refused', reason });
const unknown = (reason: string): UnknownOutcome => ({ status: 'unknown', reason });
const UNREADABLE = unknown(UNREADABLE_REASON);

const DetailsAnswer = t.intersection([
  t.type({ messages: Messages }),
  t.partial({
    transaction: t.intersection([
      t.type({ transId: t.string, transactionStatus: t.string }),
      t.partial({ profile: t.partial({ customerProfileId: t.string, customerPaymentProfileId: t.string }) }),
    ]),
  }),
]);

/** A charge as Authorize.Net recorded it, or the refund's outcome when it cannot be read. */
export type ChargeDetails =
  | { readonly kind: 'charge'; readonly status: string; readonly profile: CustomerPaymentProfile }
  | { readonly kind: 'answered'; readonly outcome: Outcome };

/**
 * What `getTransactionDetailsResponse` says of the charge: its `transactionStatus` and the customer payment
 * profile it charged. An `Error` answer (no such transaction, refused credentials) refuses the refund: it
 * precedes every refund request, so nothing was given back through a store whose details are refused.
 */
export const chargeOfDetails = (body: unknown): ChargeDetails => {
  const answer = DetailsAnswer.decode(body);
  if (!isRight(answer)) return { kind: 'answered', outcome: UNREADABLE };
  const { messages, transaction } = answer.right;
  if (messages.resultCode !== 'Ok') return { kind: 'answered', outcome: refused(refusalReason(messages)) };
  if (transaction === undefined) return { kind: 'answered', outcome: UNREADABLE };
  const { customerProfileId, customerPaymentProfileId: paymentProfileId } = transaction.profile ?? {};
  if (customerProfileId === undefined || paymentProfileId === undefined)
    return {
      kind: 'answered',
      outcome: refused(`Authorize.Net's transaction ${transaction.transId} names no customer payment profile`),
    };
  return { kind: 'charge', status: transaction.transactionStatus, profile: { customerProfileId, paymentProfileId } };
};

/** Statuses of a refund transaction that gave the money back, or is giving it back without further decision. */
const GIVEN = new Set(['refundPendingSettlement', 'refundSettledSuccessfully']);

/** What a lookup found: the earlier try's outcome, or none (`not_found`: safe to ask). */
export type RefundLookup = { readonly kind: 'found'; readonly outcome: Outcome } | { readonly kind: 'not_found' };

/**
 * The earlier try of the refund numbered `number` among the customer's transactions, by its invoice
 * number: a refund's own number, so a charge is never taken for it. An `Error` answer refuses the refund,
 * as a refused lookup fails a charge: nothing was asked of a store whose lookups are refused.
 */
export const outcomeOfRefundLookup = (body: unknown, number: string): RefundLookup => {
  const answer = LookupAnswer.decode(body);
  if (!isRight(answer)) return { kind: 'found', outcome: UNREADABLE };
  const { messages, transactions = [] } = answer.right;
  if (messages.resultCode !== 'Ok') return { kind: 'found', outcome: refused(refusalReason(messages)) };
  const earlier = transactions.find((transaction) => transaction.invoiceNumber === number);
  if (earlier === undefined) return { kind: 'not_found' };
  const { transId, transactionStatus: status } = earlier;
  if (GIVEN.has(status)) return { kind: 'found', outcome: { status: 'succeeded', externalRefundId: transId } };
  if (HELD.has(status))
    return { kind: 'found', outcome: unknown(`Authorize.Net holds refund ${transId} for review (${status})`) };
  if (REFUSED.has(status))
    return { kind: 'found', outcome: refused(`Authorize.Net's refund ${transId} for this refund is ${status}`) };
  return {
    kind: 'found',
    outcome: unknown(
      `Authorize.Net's refund ${transId} for this refund is ${status}, a status this service does not know`,
    ),
  };
};

/** Authorize.Net's transaction error for "the referenced transaction does not meet the criteria for issuing a credit". */
const NO_CREDIT = '54';

/**
 * What `createTransactionResponse` says of a `refundTransaction`: 1 given back, with the refund's own
 * `transId`; 2 declined and 3 an error refused, in Authorize.Net's words (error 54 explained: the charge is
 * past 180 days, or asked for more than is left of it); a duplicate (error 11) or a refund held for review
 * (4) is unknown, for the next attempt's lookup to find.
 */
export const outcomeOfRefund = (body: unknown): Outcome => {
  const answer = ChargeAnswer.decode(body);
  if (!isRight(answer)) return UNREADABLE;
  const { messages, transactionResponse } = answer.right;
  const errors = transactionResponse?.errors ?? [];
  const named = transactionNamed(transactionResponse?.transId);
  switch (transactionResponse?.responseCode) {
    case '1':
      if (messages.resultCode === 'Ok' && transactionResponse.transId !== undefined)
        return { status: 'succeeded', externalRefundId: transactionResponse.transId };
      return UNREADABLE;
    case '2':
      return refused(`Authorize.Net declined the refund ${errorsText(errors) || '(2)'}${named}`);
    case '3':
      if (errors.some((e) => e.errorCode === DUPLICATE))
        return unknown('Authorize.Net refused a duplicate of an earlier try of this refund, not listed yet');
      if (errors.some((e) => e.errorCode === NO_CREDIT))
        return refused(
          `Authorize.Net will not refund the charge ${errorsText(errors)}: a settled charge is refunded within 180 days of its settlement, up to what is left of it`,
        );
      return refused(`Authorize.Net could not process the refund ${errorsText(errors) || '(3)'}${named}`);
    case '4':
      return unknown(`Authorize.Net holds the refund for review${named}`);
    default:
      return messages.resultCode === 'Error' ? refused(refusalReason(messages)) : UNREADABLE;
  }
};

/**
 * What `createTransactionResponse` says of a `voidTransaction` of the charge `transId`: approved, the whole
 * charge is cancelled and the charge's `transId` is the refund's reference (a void makes no transaction of
 * its own); any other answer refuses it, nothing given back.
 */
export const outcomeOfVoid = (body: unknown, transId: string): Outcome => {
  const answer = ChargeAnswer.decode(body);
  if (!isRight(answer)) return UNREADABLE;
  const { messages, transactionResponse } = answer.right;
  const errors = transactionResponse?.errors ?? [];
  switch (transactionResponse?.responseCode) {
    case '1':
      return messages.resultCode === 'Ok' ? { status: 'succeeded', externalRefundId: transId } : UNREADABLE;
    case '2':
    case '3':
    case '4':
      return refused(
        `Authorize.Net could not void the unsettled charge ${transId} ${errorsText(errors) || `(${transactionResponse.responseCode})`}`,
      );
    default:
      return messages.resultCode === 'Error' ? refused(refusalReason(messages)) : UNREADABLE;
  }
};
