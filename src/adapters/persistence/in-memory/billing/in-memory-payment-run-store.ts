import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import type { Batch } from '../../../../application/ports/billing/billing-run-store.js';
import {
  type Attempted,
  type Dunning,
  type DunningStanding,
  type NotAttempted,
  notAttempted,
  type PaymentCandidate,
  type PaymentGroup,
  type PaymentRunStore,
} from '../../../../application/ports/billing/payment-run-store.js';
import { type Missing, missing } from '../../../../application/ports/storage-outcomes.js';
import { INVOICE_PAYMENT_AUDIT } from '../../../../domain/audit/audited-records.js';
import type { DunningOutcome } from '../../../../domain/billing/dunning/dunning-action.js';
import type { Invoice } from '../../../../domain/billing/invoices/invoice.js';
import type { InvoicePayment } from '../../../../domain/billing/payments/invoice-payment.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { Subscription } from '../../../../domain/subscriptions/subscription.js';
import type { InMemoryAuditRecorder } from '../audit/in-memory-audit-recorder.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import type { InMemoryOutbox } from '../integrations/in-memory-outbox.js';
import { group, invoicesOf } from './store-invoices.js';

const byId = <A extends { readonly id: string }>(a: A, b: A): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Invoices brought to payment and settled, in memory.
 * Every method works on the shared state without awaiting in between, so each is atomic as a transaction is.
 */
@injectable()
export class InMemoryPaymentRunStore implements PaymentRunStore {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.Outbox) @optional() private readonly outbox?: InMemoryOutbox,
    @inject(IN_MEMORY.AuditRecorder) @optional() private readonly audit?: InMemoryAuditRecorder,
  ) {}

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
    const invoices = invoicesOf(this.state, storeId)
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
    this.audit?.record(storeId, [INVOICE_PAYMENT_AUDIT.updated(paymentId, payment, changed.right.payment)]);
    const dun = (outcome: (subscription: Subscription) => DunningOutcome | undefined): void => {
      const subscription = this.state.subscriptions.get(invoice.subscriptionId);
      const dunned = subscription === undefined ? undefined : outcome(subscription);
      if (subscription === undefined || dunned === undefined) return;
      this.state.subscriptions.set(dunned.subscription.id, dunned.subscription);
      if (dunned.state !== undefined)
        this.state.subscriptionStates.set(dunned.subscription.id, [
          ...(this.state.subscriptionStates.get(dunned.subscription.id) ?? []),
          dunned.state,
        ]);
      const offering = this.state.offeringVersions.get(subscription.offeringVersionId);
      if (dunning.eventsOf !== undefined && offering !== undefined)
        this.outbox?.record(
          storeId,
          dunning.eventsOf({ previous: subscription, subscription: dunned.subscription, offering }),
        );
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
    const invoices = invoicesOf(this.state, storeId).filter(
      (i) => i.subscriptionId === subscriptionId && i.id !== except,
    );
    return {
      spent: invoices.some((i) => i.paymentRetriesLimitReached),
      unpaid: invoices.some((i) => i.outstanding && i.failedPaymentAttempts > 0),
    };
  }

  async dunningStanding(storeId: Uuid, subscriptionId: Uuid): Promise<DunningStanding> {
    return this.spentInvoices(storeId, subscriptionId);
  }
}
