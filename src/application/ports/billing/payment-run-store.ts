import type * as E from 'fp-ts/lib/Either.js';
import type { DunningOutcome } from '../../../domain/billing/dunning/dunning-action.js';
import type { Invoice } from '../../../domain/billing/invoices/invoice.js';
import type { InvoicePayment } from '../../../domain/billing/payments/invoice-payment.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';
import type { DunningStanding } from '../../../domain/subscriptions/subscription-state.js';
import type { ChangeEventsOf } from '../integrations/observed-payloads.js';
import type { Missing } from '../storage-outcomes.js';
import type { UpdatedSubscription } from '../subscriptions/subscription-repository.js';
import type { Batch } from './billing-run-store.js';

/** An invoice a payment run may attempt, with the subscription that decides the gateway. */
export interface PaymentCandidate {
  readonly invoice: Invoice;
  readonly subscription: Subscription;
}

/** The payments one payment run recorded, grouped: `count` payments and their `amount` per group. */
export interface PaymentGroup {
  readonly status: InvoicePayment['status'];
  readonly currency: string;
  readonly includesTax: boolean;
  readonly count: number;
  readonly amount: number;
}

/** An attempt's invoice and payment as they are to be stored together. */
export interface Attempted {
  readonly invoice: Invoice;
  readonly payment: InvoicePayment;
}

/** A subscription's dunning action, once an invoice's retries are spent; undefined when nothing changes. */
export type RetriesSpent = (subscription: Subscription) => DunningOutcome | undefined;
/** A subscription once one of its invoices is paid, told whether another of its invoices is still outstanding after a failed payment. */
export type InvoicePaid = (subscription: Subscription, othersUnpaid: boolean) => DunningOutcome | undefined;

/** What a settled attempt does to its subscription, in the attempt's transaction, with the events of that change. */
export interface Dunning {
  readonly retriesSpent: RetriesSpent;
  readonly paid: InvoicePaid;
  /** The events of a subscription dunning changed (none when not given), written in the same transaction. */
  readonly eventsOf?: ChangeEventsOf<UpdatedSubscription>;
}

export type { DunningStanding };

/** The attempt is not made: the invoice changed meanwhile, or this run attempted it already. */
export type NotAttempted = { readonly _tag: 'NotAttempted' };
export const notAttempted: NotAttempted = { _tag: 'NotAttempted' };

/**
 * What brings an invoice to payment and settles it: taxes and a manual payment asked for (`update`),
 * payment runs' batches and attempts, settlements with the dunning they cause, and where a subscription
 * stands with dunning.
 */
export interface PaymentRunStore {
  /** Loads, changes and stores an invoice in one transaction; a refusal of `change` leaves it as it was. */
  update<R>(
    storeId: Uuid,
    id: Uuid,
    change: (current: Invoice) => E.Either<R, Invoice>,
  ): Promise<E.Either<Missing | R, Invoice>>;
  /**
   * Up to `limit` invoices with ids after `after` that are outstanding, need no tax, wait for no manual
   * payment, have retries left and were not attempted by `jobId`, in id order, with their subscriptions.
   */
  paymentBatch(storeId: Uuid, jobId: Uuid, after: Uuid | undefined, limit: number): Promise<Batch<PaymentCandidate>>;
  /**
   * Begins an attempt with the invoice locked, before any gateway is asked. A payment of the invoice left
   * pending by another run's attempt that was cut short (the invoice waits for no settlement) is resumed:
   * resolves with it, to be asked for again under the same idempotency key. Otherwise `begin` decides
   * from the invoice as it is now and its pending payment is stored. Refused when this run has a payment
   * of the invoice already (a twin of the run is at it, or it was cut short and is left to the next run),
   * or `begin` refuses.
   */
  beginAttempt(
    storeId: Uuid,
    id: Uuid,
    jobId: Uuid,
    begin: (current: Invoice) => E.Either<NotAttempted, InvoicePayment>,
  ): Promise<E.Either<Missing | NotAttempted, InvoicePayment>>;
  /** The payments one payment run recorded, grouped by status, currency and tax inclusion. */
  attemptsBy(storeId: Uuid, jobId: Uuid): Promise<readonly PaymentGroup[]>;
  /**
   * Changes a payment and its invoice together, with the invoice locked. When the change spends the
   * invoice's last retry, `dunning.retriesSpent` changes its subscription in the same transaction (the
   * dunning action), so no crash can leave the limit reached and the action not taken; when it pays the
   * invoice, `dunning.paid` does (lifting a suspension).
   */
  settle<R>(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    change: (invoice: Invoice, payment: InvoicePayment) => E.Either<R, Attempted>,
    dunning: Dunning,
  ): Promise<E.Either<Missing | R, Attempted>>;
  /** Where the subscription stands with dunning, from its invoices: one query. */
  dunningStanding(storeId: Uuid, subscriptionId: Uuid): Promise<DunningStanding>;
}
