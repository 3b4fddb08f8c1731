import * as E from 'fp-ts/lib/Either.js';
import { afterInvoicePaid, afterRetriesSpent } from '../../../domain/billing/dunning/dunning-action.js';
import type { RetryPolicy } from '../../../domain/billing/dunning/payment-retry.js';
import { completedAttempt } from '../../../domain/billing/payments/gateway-attempt.js';
import type { GatewayOutcome } from '../../../domain/billing/payments/invoice-payment.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { entitlementsChanged } from '../../../domain/subscriptions/subscriber-events.js';
import type { Attempted, Dunning, PaymentRunStore } from '../../ports/billing/payment-run-store.js';
import type { Missing } from '../../ports/storage-outcomes.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import type { IdGenerator } from '../../ports/system.js';
import { activeAgainAfterPayment } from './active-again.js';

/** The store's dunning rule's action, for the transaction that spends an invoice's retries, and the lifted suspension, for one that pays it. */
export const dunningBy = (policy: RetryPolicy, now: Date, ids: IdGenerator): Dunning => ({
  retriesSpent: (subscription) => afterRetriesSpent(subscription, policy.action, now, ids.uuid()),
  paid: (subscription, othersUnpaid) => afterInvoicePaid(subscription, othersUnpaid, now),
  // A dunning pause, suspension or close stops what the subscription grants; a payment lifting a suspension starts it again.
  eventsOf: ({ previous, subscription, offering }) => entitlementsChanged(previous, subscription, offering, now),
});

/** What settles a pending payment with its gateway's answer. */
export interface SettlingPorts {
  readonly invoices: PaymentRunStore;
  readonly subscriptions: SubscriptionRepository;
  readonly ids: IdGenerator;
}

/** The payment a gateway answered for. */
export interface AnsweredPayment {
  readonly storeId: Uuid;
  readonly invoiceId: Uuid;
  readonly paymentId: Uuid;
}

/** An answer from a gateway for a payment another gateway began: that payment is not its to settle. */
export interface BegunElsewhere {
  readonly _tag: 'BegunElsewhere';
  readonly detail: string;
}

/**
 * A gateway's answer for a pending payment, however it arrived (the answer to a payment run's charge, or a
 * webhook after it): the payment and its invoice settled together with the dunning the answer causes, and a
 * subscription made inactive set active again once it pays. An answer for a payment settled already (by an
 * earlier answer, a twin delivery, or a merchant) is refused by `completedAttempt` under the invoice's lock,
 * and changes nothing: a payment is settled once. `from`, when given, is the gateway answering: a payment
 * another gateway began is left alone.
 */
export const settleAttempt = async (
  { invoices, subscriptions, ids }: SettlingPorts,
  { storeId, invoiceId, paymentId }: AnsweredPayment,
  outcome: GatewayOutcome,
  policy: RetryPolicy,
  now: Date,
  from?: string,
): Promise<E.Either<Missing | DomainError | BegunElsewhere, Attempted>> => {
  const settled = await invoices.settle(
    storeId,
    invoiceId,
    paymentId,
    (current, pending): E.Either<DomainError | BegunElsewhere, Attempted> =>
      from === undefined || pending.gateway === from
        ? completedAttempt(current, pending, outcome, policy, now)
        : E.left({ _tag: 'BegunElsewhere', detail: `the payment was made through ${pending.gateway}, not ${from}` }),
    dunningBy(policy, now, ids),
  );
  // Read after the settlement, never from before the charge: dunning may have paused or closed the
  // subscription since (another of its invoices spending its retries earlier in the same run).
  if (E.isRight(settled) && settled.right.payment.status === 'succeeded') {
    const payer = await subscriptions.findById(storeId, settled.right.payment.subscriptionId);
    await activeAgainAfterPayment(subscriptions, storeId, payer?.subscription);
  }
  return settled;
};
