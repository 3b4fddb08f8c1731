import { inject, injectable, optional } from 'inversify';
import type {
  Batch,
  BillingCandidate,
  BillingRunStore,
  CreationCursor,
  InvoiceGroup,
} from '../../../../application/ports/billing/billing-run-store.js';
import type { ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import {
  isBilled,
  periodKey,
  unchangedSince,
  uninvoicedPeriods,
} from '../../../../domain/billing/billing-selection.js';
import type { Invoice, InvoiceDraft } from '../../../../domain/billing/invoices/invoice.js';
import { pauseGaps } from '../../../../domain/billing/periods/pause-gaps.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { Subscription } from '../../../../domain/subscriptions/subscription.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import type { InMemoryOutbox } from '../integrations/in-memory-outbox.js';
import { storeNumberedInvoices } from './numbered-invoices.js';
import { group, invoicesOf } from './store-invoices.js';

/** Creation order, then id: the order billing runs walk a store's subscriptions in. */
const byCreation = (s: Subscription, cursor: CreationCursor): number =>
  s.timestamps.createdAt.getTime() - cursor.createdAt.getTime() || (s.id < cursor.id ? -1 : s.id > cursor.id ? 1 : 0);

/**
 * A billing run's reads and writes in memory.
 * Every method works on the shared state without awaiting in between, so each is atomic as a transaction is.
 */
@injectable()
export class InMemoryBillingRunStore implements BillingRunStore {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.Outbox) @optional() private readonly outbox?: InMemoryOutbox,
  ) {}

  async billingBatch(
    storeId: Uuid,
    after: CreationCursor | undefined,
    limit: number,
  ): Promise<Batch<BillingCandidate, CreationCursor>> {
    const subscriptions = [...this.state.subscriptions.values()]
      .filter((s) => s.storeId === storeId && (after === undefined || byCreation(s, after) > 0))
      .sort((a, b) => byCreation(a, { createdAt: b.timestamps.createdAt, id: b.id }))
      .slice(0, limit);
    const wanted = new Set(subscriptions.map((s) => s.id));
    const latest = new Map<
      Uuid,
      Invoice['billingPeriod'] & { readonly proration: Invoice['proration']; readonly jobId?: Uuid }
    >();
    for (const invoice of this.state.invoices.values()) {
      if (!wanted.has(invoice.subscriptionId)) continue;
      const known = latest.get(invoice.subscriptionId);
      if (known === undefined || known.start.getTime() < invoice.billingPeriod.start.getTime())
        latest.set(invoice.subscriptionId, {
          ...invoice.billingPeriod,
          proration: invoice.proration,
          ...(invoice.jobId === undefined ? {} : { jobId: invoice.jobId }),
        });
    }
    const items = subscriptions.filter(isBilled).map((subscription): BillingCandidate => {
      const offering = this.state.offeringVersions.get(subscription.offeringVersionId);
      if (offering === undefined) throw new Error(`offering version ${subscription.offeringVersionId} is missing`);
      const lastInvoiced = latest.get(subscription.id);
      // Only a subscription that was ever paused has pauses in its history.
      const states =
        subscription.timestamps.pausedAt === undefined
          ? []
          : (this.state.subscriptionStates.get(subscription.id) ?? []);
      const pauses = pauseGaps(states.map((state) => ({ action: state.action, at: state.createdAt })));
      return { subscription, offering, history: { pauses, ...(lastInvoiced === undefined ? {} : { lastInvoiced }) } };
    });
    const last = subscriptions[subscriptions.length - 1];
    return subscriptions.length < limit || last === undefined
      ? { items }
      : { items, next: { createdAt: last.timestamps.createdAt, id: last.id } };
  }

  async insertInvoices(
    storeId: Uuid,
    drafts: readonly InvoiceDraft[],
    eventsOf: ChangeEventsOf<readonly Invoice[]>,
    madeFrom?: ReadonlyMap<Uuid, Date>,
  ): Promise<readonly Invoice[]> {
    const live = drafts.filter((draft) => {
      const subscription = this.state.subscriptions.get(draft.subscriptionId);
      return (
        subscription !== undefined && unchangedSince(madeFrom, draft.subscriptionId, subscription.timestamps.updatedAt)
      );
    });
    const invoiced = new Set(
      [...this.state.invoices.values()].map((i) => periodKey(i.subscriptionId, i.billingPeriod.start)),
    );
    const { invoices: stored } = storeNumberedInvoices(this.state, storeId, uninvoicedPeriods(live, invoiced));
    for (const invoice of stored) this.moveInvoiceAfter(invoice);
    this.outbox?.record(storeId, eventsOf(stored));
    return stored;
  }

  /** EPCC's `invoice_after` moves to the end of the period each invoice covers. */
  private moveInvoiceAfter(invoice: Invoice): void {
    const subscription = this.state.subscriptions.get(invoice.subscriptionId);
    if (subscription === undefined || subscription.invoiceAfter >= invoice.billingPeriod.end) return;
    this.state.subscriptions.set(subscription.id, { ...subscription, invoiceAfter: invoice.billingPeriod.end });
  }

  async createdBy(storeId: Uuid, jobId: Uuid): Promise<readonly InvoiceGroup[]> {
    const groups = new Map<string, InvoiceGroup>();
    for (const invoice of invoicesOf(this.state, storeId).filter((i) => i.jobId === jobId)) {
      group(
        groups,
        { currency: invoice.currency, includesTax: invoice.includesTax, charged: invoice.amount > 0 },
        invoice.amount,
      );
    }
    return [...groups.values()];
  }
}
