import type { DunningOutcome } from '../../../domain/billing/dunning-action.js';
import type * as E from 'fp-ts/lib/Either.js';
import type { BillingHistory } from '../../../domain/billing/billing-period.js';
import type { Invoice, InvoiceDraft } from '../../../domain/billing/invoice.js';
import type { InvoicePayment } from '../../../domain/billing/invoice-payment.js';
import type { InvoiceQuery } from '../../../domain/billing/invoice-query.js';
import type { ListQuery } from '../../../domain/query/list-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Offering } from '../../../domain/catalogue/offering.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';
import type { DunningStanding } from '../../../domain/subscriptions/subscription-state.js';
import type { Missing } from '../storage-outcomes.js';

/** A subscription a billing run looks at, with its offering snapshot, its latest invoiced period and its pauses. */
export interface BillingCandidate {
  readonly subscription: Subscription;
  readonly offering: Offering;
  readonly history: BillingHistory;
}

/** One batch of a walk; `next` continues the walk, absent after the last batch. */
export interface Batch<A, Cursor = Uuid> {
  readonly items: readonly A[];
  readonly next?: Cursor;
}

/** Where a walk of subscriptions in creation order stands: after this subscription. */
export interface CreationCursor {
  readonly createdAt: Date;
  readonly id: Uuid;
}

/** An invoice a payment run may attempt, with the subscription that decides the gateway. */
export interface PaymentCandidate {
  readonly invoice: Invoice;
  readonly subscription: Subscription;
}

/** The invoices one billing run created, grouped: `count` invoices and their `amount` per group. */
export interface InvoiceGroup {
  readonly currency: string;
  readonly includesTax: boolean;
  /** Whether the amount is above zero; with `includesTax`, this decides whether tax was required at creation. */
  readonly charged: boolean;
  readonly count: number;
  readonly amount: number;
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

/** What a settled attempt does to its subscription, in the attempt's transaction. */
export interface Dunning {
  readonly retriesSpent: RetriesSpent;
  readonly paid: InvoicePaid;
}

export type { DunningStanding };

/** The attempt is not made: the invoice changed meanwhile, or this run attempted it already. */
export type NotAttempted = { readonly _tag: 'NotAttempted' };
export const notAttempted: NotAttempted = { _tag: 'NotAttempted' };

/** Storage of invoices and their payment attempts. */
export interface InvoiceRepository {
  /**
   * Up to `limit` of the store's subscriptions made after `after`, in creation order (then id, for ties),
   * so that a run numbers invoices in the order subscriptions were made; each with its snapshot,
   * the period (start and end) of its latest invoice and, for one that was ever paused, every pause of its
   * state history: a few queries whatever the batch, none per subscription.
   */
  billingBatch(
    storeId: Uuid,
    after: CreationCursor | undefined,
    limit: number,
  ): Promise<Batch<BillingCandidate, CreationCursor>>;
  /**
   * Stores the drafts in one transaction, leaving out every period already invoiced (by an earlier or a
   * concurrent run), and numbers the rest in order under the store's counter lock, so numbers are unique
   * and without gaps. Each invoice stored moves its subscription's `invoiceAfter` to the end of its
   * period (EPCC's `invoice_after`, when it is next eligible for an invoice), in the same transaction. `madeFrom` gives, per subscription, the `updatedAt` it had when its drafts were made:
   * the drafts of one changed since (a cancel, a pause, a plan change committed while the run read its
   * batch) are left out, read under the subscription's lock, for the next run to bill as it is then.
   * Resolves with the invoices it stored.
   */
  insertInvoices(
    storeId: Uuid,
    drafts: readonly InvoiceDraft[],
    madeFrom?: ReadonlyMap<Uuid, Date>,
  ): Promise<readonly Invoice[]>;
  /** The invoices a billing run created, grouped by currency, tax inclusion and whether they charge anything. */
  createdBy(storeId: Uuid, jobId: Uuid): Promise<readonly InvoiceGroup[]>;
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
  findById(storeId: Uuid, id: Uuid): Promise<Invoice | undefined>;
  /** Newest first. */
  list(storeId: Uuid, query: InvoiceQuery): Promise<Page<Invoice>>;
  findPayment(storeId: Uuid, invoiceId: Uuid, paymentId: Uuid): Promise<InvoicePayment | undefined>;
  /** Oldest first; undefined when the store has no such invoice. */
  listPayments(storeId: Uuid, invoiceId: Uuid, query: ListQuery): Promise<Page<InvoicePayment> | undefined>;
}
