import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import type {
  CreationCursor,
  Attempted,
  Batch,
  BillingCandidate,
  InvoiceGroup,
  InvoiceRepository,
  NotAttempted,
  PaymentCandidate,
  PaymentGroup,
  Dunning,
  DunningStanding,
} from '../../../../application/ports/billing/invoice-repository.js';
import { notAttempted } from '../../../../application/ports/billing/invoice-repository.js';
import { missing, type Missing } from '../../../../application/ports/storage-outcomes.js';
import type { Invoice, InvoiceDraft } from '../../../../domain/billing/invoice.js';
import { pauseGaps } from '../../../../domain/billing/pause-gaps.js';
import type { InvoicePayment } from '../../../../domain/billing/invoice-payment.js';
import type { InvoiceFilterField, InvoiceQuery } from '../../../../domain/billing/invoice-query.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import { listOf, type ListedFields } from '../in-memory-list.js';

const INVOICE_FIELDS: ListedFields<Invoice, InvoiceFilterField> = {
  fields: {
    subscriber_id: (i) => i.subscriberId,
    subscription_id: (i) => i.subscriptionId,
    outstanding: (i) => String(i.outstanding),
    tax_required: (i) => String(i.taxRequired),
  },
  ordered: (i) => i,
  keepsRunningCount: false,
};

const PAYMENT_FIELDS: ListedFields<InvoicePayment, never> = {
  fields: {},
  ordered: (p) => p,
  keepsRunningCount: false,
  order: oldestFirst,
};
import { oldestFirst } from '../../../../domain/query/order.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DunningOutcome } from '../../../../domain/billing/dunning-action.js';
import type { Subscription } from '../../../../domain/subscriptions/subscription.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import type { InMemoryOutbox } from '../integrations/in-memory-outbox.js';
import { storeNumberedInvoices } from './numbered-invoices.js';
import {
  isBilled,
  periodKey,
  uninvoicedPeriods,
  unchangedSince,
} from '../../../../domain/billing/billing-selection.js';

/** Creation order, then id: the order billing runs walk a store's subscriptions in. */
const byCreation = (s: Subscription, cursor: CreationCursor): number =>
  s.timestamps.createdAt.getTime() - cursor.createdAt.getTime() || (s.id < cursor.id ? -1 : s.id > cursor.id ? 1 : 0);

const byId = <A extends { readonly id: string }>(a: A, b: A): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const group = <K extends object>(
  groups: Map<string, K & { count: number; amount: number }>,
  key: Omit<K, 'count' | 'amount'>,
  amount: number,
): void => {
  const id = JSON.stringify(key);
  const known = groups.get(id);
  groups.set(
    id,
    known === undefined
      ? ({ ...key, count: 1, amount } as K & { count: number; amount: number })
      : { ...known, count: known.count + 1, amount: known.amount + amount },
  );
};

/** Every method works on the shared state without awaiting in between, so each is atomic as a transaction is. */
@injectable()
export class InMemoryInvoiceRepository implements InvoiceRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.Outbox) @optional() private readonly outbox?: InMemoryOutbox,
  ) {}

  private invoicesOf(storeId: Uuid): Invoice[] {
    return [...this.state.invoices.values()].filter((i) => i.storeId === storeId);
  }

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
    const { invoices: stored, events } = storeNumberedInvoices(this.state, storeId, uninvoicedPeriods(live, invoiced));
    for (const invoice of stored) this.moveInvoiceAfter(invoice);
    this.outbox?.record(storeId, events);
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
    for (const invoice of this.invoicesOf(storeId).filter((i) => i.jobId === jobId)) {
      group(
        groups,
        { currency: invoice.currency, includesTax: invoice.includesTax, charged: invoice.amount > 0 },
        invoice.amount,
      );
    }
    return [...groups.values()];
  }

  async update<R>(
    storeId: Uuid,
    id: Uuid,
    change: (current: Invoice) => E.Either<R, Invoice>,
  ): Promise<E.Either<Missing | R, Invoice>> {
    const current = this.state.invoices.get(id);
    if (current === undefined || current.storeId !== storeId) return E.left(missing);
    const changed = change(current);
    if (E.isRight(changed)) this.state.invoices.set(id, changed.right);
    return changed;
  }

  async paymentBatch(
    storeId: Uuid,
    jobId: Uuid,
    after: Uuid | undefined,
    limit: number,
  ): Promise<Batch<PaymentCandidate>> {
    const attempted = new Set(
      [...this.state.invoicePayments.values()].filter((p) => p.jobId === jobId).map((p) => p.invoiceId),
    );
    const invoices = this.invoicesOf(storeId)
      .filter(
        (i) =>
          (after === undefined || i.id > after) &&
          i.outstanding &&
          !i.taxRequired &&
          !i.manualPaymentPending &&
          !i.paymentRetriesLimitReached,
      )
      .sort(byId)
      .slice(0, limit);
    const items = invoices.flatMap((invoice) => {
      const subscription = this.state.subscriptions.get(invoice.subscriptionId);
      return subscription === undefined || attempted.has(invoice.id) ? [] : [{ invoice, subscription }];
    });
    const last = invoices[invoices.length - 1];
    return invoices.length < limit || last === undefined ? { items } : { items, next: last.id };
  }

  async beginAttempt(
    storeId: Uuid,
    id: Uuid,
    jobId: Uuid,
    begin: (current: Invoice) => E.Either<NotAttempted, InvoicePayment>,
  ): Promise<E.Either<Missing | NotAttempted, InvoicePayment>> {
    const current = this.state.invoices.get(id);
    if (current === undefined || current.storeId !== storeId) return E.left(missing);
    const payments = [...this.state.invoicePayments.values()].filter((p) => p.invoiceId === id);
    if (payments.some((p) => p.jobId === jobId)) return E.left(notAttempted);
    const cutShort = payments.find((p) => p.status === 'pending');
    if (cutShort !== undefined) return current.manualPaymentPending ? E.left(notAttempted) : E.right(cutShort);
    const begun = begin(current);
    if (E.isRight(begun)) this.state.invoicePayments.set(begun.right.id, begun.right);
    return begun;
  }

  async attemptsBy(storeId: Uuid, jobId: Uuid): Promise<readonly PaymentGroup[]> {
    const groups = new Map<string, PaymentGroup>();
    for (const payment of this.state.invoicePayments.values()) {
      if (payment.storeId === storeId && payment.jobId === jobId)
        group(
          groups,
          { status: payment.status, currency: payment.currency, includesTax: payment.includesTax },
          payment.amount,
        );
    }
    return [...groups.values()];
  }

  async settle<R>(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    change: (invoice: Invoice, payment: InvoicePayment) => E.Either<R, Attempted>,
    dunning: Dunning,
  ): Promise<E.Either<Missing | R, Attempted>> {
    const invoice = this.state.invoices.get(invoiceId);
    const payment = this.state.invoicePayments.get(paymentId);
    if (
      invoice === undefined ||
      invoice.storeId !== storeId ||
      payment === undefined ||
      payment.invoiceId !== invoiceId
    )
      return E.left(missing);
    const changed = change(invoice, payment);
    if (E.isLeft(changed)) return changed;
    this.state.invoices.set(invoiceId, changed.right.invoice);
    this.state.invoicePayments.set(paymentId, changed.right.payment);
    const dun = (outcome: (subscription: Subscription) => DunningOutcome | undefined): void => {
      const subscription = this.state.subscriptions.get(invoice.subscriptionId);
      const dunned = subscription === undefined ? undefined : outcome(subscription);
      if (dunned === undefined) return;
      this.state.subscriptions.set(dunned.subscription.id, dunned.subscription);
      if (dunned.state !== undefined)
        this.state.subscriptionStates.set(dunned.subscription.id, [
          ...(this.state.subscriptionStates.get(dunned.subscription.id) ?? []),
          dunned.state,
        ]);
    };
    if (
      changed.right.invoice.outstanding &&
      changed.right.invoice.paymentRetriesLimitReached &&
      !invoice.paymentRetriesLimitReached
    )
      dun(dunning.retriesSpent);
    if (invoice.outstanding && !changed.right.invoice.outstanding) {
      const others = this.spentInvoices(storeId, invoice.subscriptionId, invoiceId);
      dun((subscription) => dunning.paid(subscription, others.unpaid));
    }
    return changed;
  }

  private spentInvoices(storeId: Uuid, subscriptionId: Uuid, except?: Uuid): DunningStanding {
    const invoices = this.invoicesOf(storeId).filter((i) => i.subscriptionId === subscriptionId && i.id !== except);
    return {
      spent: invoices.some((i) => i.paymentRetriesLimitReached),
      unpaid: invoices.some((i) => i.outstanding && i.failedPaymentAttempts > 0),
    };
  }

  async dunningStanding(storeId: Uuid, subscriptionId: Uuid): Promise<DunningStanding> {
    return this.spentInvoices(storeId, subscriptionId);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<Invoice | undefined> {
    const invoice = this.state.invoices.get(id);
    return invoice?.storeId === storeId ? invoice : undefined;
  }

  async list(storeId: Uuid, query: InvoiceQuery): Promise<Page<Invoice>> {
    return listOf(this.invoicesOf(storeId), query, INVOICE_FIELDS);
  }

  async findPayment(storeId: Uuid, invoiceId: Uuid, paymentId: Uuid): Promise<InvoicePayment | undefined> {
    const payment = this.state.invoicePayments.get(paymentId);
    return payment?.storeId === storeId && payment.invoiceId === invoiceId ? payment : undefined;
  }

  async listPayments(storeId: Uuid, invoiceId: Uuid, query: ListQuery): Promise<Page<InvoicePayment> | undefined> {
    if ((await this.findById(storeId, invoiceId)) === undefined) return undefined;
    return listOf(
      [...this.state.invoicePayments.values()].filter((p) => p.invoiceId === invoiceId),
      query,
      PAYMENT_FIELDS,
    );
  }
}
