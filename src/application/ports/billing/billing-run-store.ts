import type { Invoice, InvoiceDraft } from '../../../domain/billing/invoices/invoice.js';
import type { BillingHistory } from '../../../domain/billing/periods/billing-period.js';
import type { Offering } from '../../../domain/catalogue/offering.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';
import type { ChangeEventsOf } from '../integrations/observed-payloads.js';

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

/** The invoices one billing run created, grouped: `count` invoices and their `amount` per group. */
export interface InvoiceGroup {
  readonly currency: string;
  readonly includesTax: boolean;
  /** Whether the amount is above zero; with `includesTax`, this decides whether tax was required at creation. */
  readonly charged: boolean;
  readonly count: number;
  readonly amount: number;
}

/** What a billing run reads and writes: its batches of subscriptions, the invoices it stores, what it made. */
export interface BillingRunStore {
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
   * The events `eventsOf` makes of the invoices stored (numbered) are written in the same transaction.
   * Resolves with the invoices it stored.
   */
  insertInvoices(
    storeId: Uuid,
    drafts: readonly InvoiceDraft[],
    eventsOf: ChangeEventsOf<readonly Invoice[]>,
    madeFrom?: ReadonlyMap<Uuid, Date>,
  ): Promise<readonly Invoice[]>;
  /** The invoices a billing run created, grouped by currency, tax inclusion and whether they charge anything. */
  createdBy(storeId: Uuid, jobId: Uuid): Promise<readonly InvoiceGroup[]>;
}
