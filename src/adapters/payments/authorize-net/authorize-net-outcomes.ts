import { isRight } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { UnknownOutcome } from '../../../application/ports/billing/payment-gateway.js';
import type { GatewayOutcome } from '../../../domain/billing/payments/invoice-payment.js';

type Outcome = GatewayOutcome | UnknownOutcome;

const failed = (failureReason: string): GatewayOutcome => ({ status: 'failed', failureReason });
const unknown = (reason: string): UnknownOutcome => ({ status: 'unknown', reason });

/** Every answer's `messages`: `Ok` or `Error`, and codes such as I00001 or E00007. */
export const Messages = t.type({
  resultCode: t.string,
  message: t.array(t.partial({ code: t.string, text: t.string })),
});

/** A `createTransactionResponse`, of a charge, a refund or a void alike. */
export const ChargeAnswer = t.intersection([
  t.type({ messages: Messages }),
  t.partial({
    transactionResponse: t.partial({
      responseCode: t.string,
      transId: t.string,
      errors: t.array(t.partial({ errorCode: t.string, errorText: t.string })),
    }),
  }),
]);

/** A `getTransactionListForCustomerResponse`: the customer profile's latest transactions. */
export const LookupAnswer = t.intersection([
  t.type({ messages: Messages }),
  t.partial({
    transactions: t.array(
      t.intersection([
        t.type({ transId: t.string, transactionStatus: t.string }),
        t.partial({ invoiceNumber: t.string }),
      ]),
    ),
  }),
]);

export const UNREADABLE_REASON = 'Authorize.Net answered a document this service cannot read';
const UNREADABLE = unknown(UNREADABLE_REASON);

/**
 * An `Error` answer to the request itself. Never quotes a refusal of the credentials: the store's login
 * and key are not in Authorize.Net's words, but the rule is kept where a credential is concerned.
 */
export const refusalReason = (messages: t.TypeOf<typeof Messages>): string => {
  const first = messages.message[0];
  const code = first?.code ?? messages.resultCode;
  if (code === 'E00007') return `Authorize.Net refused the store's API login ID or transaction key (E00007)`;
  if (code === 'E00040')
    return `Authorize.Net has no such customer profile or payment profile (E00040): ${first?.text ?? ''}`.trim();
  return `Authorize.Net refused the request (${code}): ${first?.text ?? 'no reason given'}`;
};

const refused = (messages: t.TypeOf<typeof Messages>): GatewayOutcome => failed(refusalReason(messages));

export const transactionNamed = (transId: string | undefined): string =>
  transId === undefined || transId === '0' ? '' : ` (transaction ${transId})`;

/** Authorize.Net's transaction error for "a duplicate transaction has been submitted". */
export const DUPLICATE = '11';

/** `transactionResponse.errors` as one text: each code and Authorize.Net's words. */
export const errorsText = (errors: readonly { readonly errorCode?: string; readonly errorText?: string }[]): string =>
  errors.map((e) => `(${e.errorCode ?? '?'}): ${e.errorText ?? ''}`.trim()).join('; ');

/**
 * What `createTransactionResponse` says of the charge, by `transactionResponse.responseCode`: 1 approved, 2
 * declined, 3 an error, 4 held for review (the money waits on the merchant's fraud filters: pending). A
 * duplicate refused by the `duplicateWindow` is not a failure: an earlier try of the same attempt was
 * charged, and the next run finds it by its invoice number.
 */
export const outcomeOfCharge = (body: unknown): Outcome => {
  const answer = ChargeAnswer.decode(body);
  if (!isRight(answer)) return UNREADABLE;
  const { messages, transactionResponse } = answer.right;
  const errors = transactionResponse?.errors ?? [];
  const why = errorsText(errors);
  const named = transactionNamed(transactionResponse?.transId);
  switch (transactionResponse?.responseCode) {
    case '1':
      if (messages.resultCode === 'Ok' && transactionResponse.transId !== undefined)
        return { status: 'succeeded', externalPaymentId: transactionResponse.transId };
      return UNREADABLE;
    case '2':
      return failed(`the card was declined ${why || '(2)'}${named}`);
    case '3':
      if (errors.some((e) => e.errorCode === DUPLICATE))
        return unknown('Authorize.Net refused a duplicate of an earlier try of this attempt, not listed yet');
      return failed(`Authorize.Net could not process the payment ${why || '(3)'}${named}`);
    case '4':
      return { status: 'pending' };
    default:
      return messages.resultCode === 'Error' ? refused(messages) : UNREADABLE;
  }
};

/** Statuses of a transaction whose money was taken, or is being taken without further decision. */
const TAKEN = new Set([
  'authorizedPendingCapture',
  'capturedPendingSettlement',
  'settledSuccessfully',
  'approvedReview',
]);
/** Held by the merchant's fraud filters: the payment waits. */
export const HELD = new Set(['FDSPendingReview', 'FDSAuthorizedPendingReview', 'underReview']);
/** Statuses of a transaction that took nothing. */
export const REFUSED = new Set([
  'declined',
  'voided',
  'expired',
  'failedReview',
  'generalError',
  'communicationError',
  'settlementError',
  'couldNotVoid',
]);

/** What a lookup found: the earlier try's outcome, none (`not_found`: safe to charge), or a refusal. */
export type Lookup = { readonly kind: 'found'; readonly outcome: Outcome } | { readonly kind: 'not_found' };

/**
 * The earlier try of the attempt numbered `number` among a customer's transactions, by its invoice number.
 * An `Error` answer fails the attempt: the lookup precedes every charge, so a store whose lookups are
 * refused (bad credentials, the Transaction Details API not enabled) was never charged through this one.
 */
export const outcomeOfLookup = (body: unknown, number: string): Lookup => {
  const answer = LookupAnswer.decode(body);
  if (!isRight(answer)) return { kind: 'found', outcome: UNREADABLE };
  const { messages, transactions = [] } = answer.right;
  if (messages.resultCode !== 'Ok') return { kind: 'found', outcome: refused(messages) };
  const earlier = transactions.find((transaction) => transaction.invoiceNumber === number);
  if (earlier === undefined) return { kind: 'not_found' };
  const { transId, transactionStatus: status } = earlier;
  if (TAKEN.has(status)) return { kind: 'found', outcome: { status: 'succeeded', externalPaymentId: transId } };
  if (HELD.has(status)) return { kind: 'found', outcome: { status: 'pending' } };
  if (REFUSED.has(status))
    return { kind: 'found', outcome: failed(`Authorize.Net's transaction ${transId} for this payment is ${status}`) };
  return {
    kind: 'found',
    outcome: unknown(
      `Authorize.Net's transaction ${transId} for this payment is ${status}, a status this service does not know`,
    ),
  };
};
