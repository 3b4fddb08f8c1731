import type * as E from 'fp-ts/lib/Either.js';
import type { AppliedState, StoredSubscription } from '../../../domain/billing/invoices/first-invoice-events.js';
import type { InvoiceDraft } from '../../../domain/billing/invoices/invoice.js';
import type { InvoicedPeriod } from '../../../domain/billing/proration/proration.js';
import type { Offering } from '../../../domain/catalogue/offering.js';
import type { Page, PageRequest } from '../../../domain/query/page.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Subscription, SubscriptionStateRecord } from '../../../domain/subscriptions/subscription.js';
import type { SubscriptionQuery } from '../../../domain/subscriptions/subscription-query.js';

/** What storage gives the events of a change as it stored it: the domain's outcomes, named where the port is. */
export type { AppliedState, StoredSubscription };

import type { ChangeEventsOf } from '../integrations/observed-payloads.js';
import type { InUse, Missing } from '../storage-outcomes.js';

/** A subscription with the offering version it was made from. */
export interface SubscriptionWithOffering {
  readonly subscription: Subscription;
  readonly offering: Offering;
}

/** A subscription to store, with the invoice of its first period when it has one. */
export interface NewSubscription {
  readonly subscription: Subscription;
  readonly firstInvoice?: InvoiceDraft;
}

/** A page of subscriptions with the offering snapshots they were made from, each once, by version id. */
/**
 * A subscription as a list page reads it: its document (`SubscriptionDocuments`) as stored, and beside it
 * what the document leaves out and its row holds.
 */
export interface ListedSubscription {
  readonly id: Uuid;
  readonly createdAt: Date;
  readonly offeringVersionId: Uuid;
  readonly document: string;
  readonly inactive: boolean;
  readonly invoiceAfter: Date;
}

export type SubscriptionPage = Page<Subscription> & { readonly offerings: ReadonlyMap<Uuid, Offering> };
export type SubscriptionDocumentPage = Page<ListedSubscription> & { readonly offerings: ReadonlyMap<Uuid, Offering> };

/**
 * A state change decided under the subscription's lock; `invoicedThrough` is the end of its latest
 * invoiced period, read there too. A change that starts the subscription gives its first invoice, stored
 * and numbered in the same transaction.
 */
export type StateChange = (
  subscription: Subscription,
  offering: Offering,
  invoicedThrough: Date | undefined,
) => E.Either<
  DomainError,
  { readonly subscription: Subscription; readonly state: SubscriptionStateRecord; readonly firstInvoice?: InvoiceDraft }
>;

/** A change that withdraws the subscription's pro-forma invoices (`invoices/pro-forma.ts`). */
export interface WithdrawsProForma {
  /**
   * The change's time: the subscription's invoices still pro forma then are withdrawn with the change
   * (deleted, its `invoiceAfter` moved back to the earliest of their periods' starts), and the change is
   * decided as if they had never been made. Nothing is withdrawn when the change is refused.
   */
  readonly withdrawProFormaAt?: Date;
}

export interface StateChangeOptions extends WithdrawsProForma {
  /** The change may give a first invoice: the store's invoice counter is taken before the subscription, as a billing run takes it. */
  readonly mayInvoice?: boolean;
  /** A shopper's change: only a subscription of this account is found (another is `Missing`). */
  readonly accountId?: string;
}

/**
 * A change of a subscription's own fields, decided from the subscription, its offering snapshot and the
 * period of its latest invoice (the one starting last), read under its lock: a plan switch prorates it.
 */
export type SubscriptionChange = (
  subscription: Subscription,
  offering: Offering,
  latestInvoiced: InvoicedPeriod | undefined,
) => E.Either<DomainError, Subscription>;

/** A subscription as an update stored it, with what it was before and its snapshot. */
export interface UpdatedSubscription extends SubscriptionWithOffering {
  readonly previous: Subscription;
}

/** Storage of subscriptions, their state history, and the offering snapshots they share. */
export interface SubscriptionRepository {
  /** The id of the stored snapshot of this offering version, storing it first if no subscription has made one yet. */
  snapshotOffering(offering: Offering): Promise<Uuid>;
  /**
   * Stores a new subscription, with the invoice of its first period when one is given: both in one
   * transaction, the invoice numbered next in its store, with the events `eventsOf` makes of them as stored
   * (numbered, with the offering snapshot).
   */
  insert(
    subscription: Subscription,
    firstInvoice: InvoiceDraft | undefined,
    eventsOf: ChangeEventsOf<readonly StoredSubscription[]>,
  ): Promise<void>;
  /**
   * Stores new subscriptions of one store, each with its first invoice, all in one transaction or none:
   * the store's running count raised once by their number, their invoices numbered next in the store in
   * the order given, with the events `eventsOf` makes of them as stored. Fails whole when any one cannot be
   * stored (an id already taken among them).
   */
  insertMany(
    storeId: Uuid,
    created: readonly NewSubscription[],
    eventsOf: ChangeEventsOf<readonly StoredSubscription[]>,
  ): Promise<void>;
  /** The ids of the store's subscriptions to this offering (any version of it), oldest first. */
  idsOfOffering(storeId: Uuid, offeringId: Uuid): Promise<readonly Uuid[]>;
  /** Which of these ids are the store's subscriptions. */
  existing(storeId: Uuid, ids: readonly Uuid[]): Promise<ReadonlySet<Uuid>>;
  /**
   * `accountId`, in this and the other reads that take it, is a shopper's reach: only a subscription of
   * that account is found, and another account's is as missing as one that does not exist.
   */
  findById(storeId: Uuid, id: Uuid, accountId?: string): Promise<SubscriptionWithOffering | undefined>;
  /**
   * Every subscription of the store made for one of these accounts, with its snapshot: one query for the
   * subscriptions (by the account index) and one for the snapshots not cached, however many accounts.
   */
  ofAccounts(storeId: Uuid, accountIds: readonly string[]): Promise<readonly SubscriptionWithOffering[]>;
  /** Sets EPCC's stored status of these subscriptions of the store: inactive, or active again. */
  setInactive(storeId: Uuid, ids: readonly Uuid[], inactive: boolean): Promise<void>;
  /** Newest first; a page costs the same small number of queries whatever its length and includes. */
  list(storeId: Uuid, query: SubscriptionQuery): Promise<SubscriptionPage>;
  /** The same page as `list`, each subscription as its stored document: what an HTTP list answers with. */
  listDocuments(storeId: Uuid, query: SubscriptionQuery): Promise<SubscriptionDocumentPage>;
  /**
   * Makes afresh the documents of up to `limit` subscriptions (of any store) after `after` in id order that
   * keep none current (written before documents were kept, in an older format, or by an older version since),
   * each under its row lock: what a list would otherwise make each time it reads them. `next` is where the
   * walk goes on, undefined once it has reached the end.
   */
  keepDocuments(after: Uuid | undefined, limit: number): Promise<{ readonly made: number; readonly next?: Uuid }>;
  /**
   * Applies `change` with the subscription locked (so `change` may read the clock), storing the new state
   * and its history record together, with the events `eventsOf` makes of the change as applied; the record
   * takes the next place in the subscription's history.
   */
  applyState(
    storeId: Uuid,
    id: Uuid,
    change: StateChange,
    eventsOf: ChangeEventsOf<AppliedState>,
    options?: StateChangeOptions,
  ): Promise<E.Either<DomainError | Missing, SubscriptionStateRecord>>;
  /**
   * Applies `change` with the subscription locked (so `change` may read the clock and no state change,
   * other update or delete interleaves), storing every field it changed with the events `eventsOf` makes of
   * the update as stored (none when not given); the offering snapshot is never written.
   */
  update(
    storeId: Uuid,
    id: Uuid,
    change: SubscriptionChange,
    eventsOf?: ChangeEventsOf<UpdatedSubscription>,
    options?: WithdrawsProForma,
  ): Promise<E.Either<DomainError | Missing, SubscriptionWithOffering>>;
  /**
   * Deletes the subscription with its state history and takes it off the store's running count, in one
   * transaction, with the subscription locked against concurrent changes. `InUse` when it has invoices
   * (they are financial records and stay), `Missing` when the store has no such subscription.
   */
  delete(storeId: Uuid, id: Uuid): Promise<E.Either<Missing | InUse, void>>;
  /** One change in the subscription's history; undefined when the store has no such subscription or it no such change. */
  findState(storeId: Uuid, id: Uuid, stateId: Uuid, accountId?: string): Promise<SubscriptionStateRecord | undefined>;
  /** One page of the history, in the order the changes were applied, counted exactly; undefined when the store has no such subscription. */
  listStates(
    storeId: Uuid,
    id: Uuid,
    page: PageRequest,
    accountId?: string,
  ): Promise<Page<SubscriptionStateRecord> | undefined>;
}
