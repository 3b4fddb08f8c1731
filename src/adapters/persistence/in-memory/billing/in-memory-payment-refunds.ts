import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import type { Batch } from '../../../../application/ports/billing/billing-run-store.js';
import type { PaymentRefunds, Refunded, RefundSettled } from '../../../../application/ports/billing/payment-refunds.js';
import type { ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import { type Missing, missing } from '../../../../application/ports/storage-outcomes.js';
import type { InvoicePayment } from '../../../../domain/billing/payments/invoice-payment.js';
import type { PaymentRefund } from '../../../../domain/billing/payments/refund.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import { oldestFirst } from '../../../../domain/query/order.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { type ListedFields, listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import type { InMemoryOutbox } from '../integrations/in-memory-outbox.js';

const REFUND_FIELDS: ListedFields<PaymentRefund, never> = {
  fields: {},
  ordered: (r) => r,
  keepsRunningCount: false,
  order: oldestFirst,
};

/**
 * Refunds of invoice payments, in memory.
 * Every method works on the shared state without awaiting in between, so each is atomic as a transaction is.
 */
@injectable()
export class InMemoryPaymentRefunds implements PaymentRefunds {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.Outbox) @optional() private readonly outbox?: InMemoryOutbox,
  ) {}

  private payment(storeId: Uuid, invoiceId: Uuid, paymentId: Uuid): InvoicePayment | undefined {
    const payment = this.state.invoicePayments.get(paymentId);
    return payment?.storeId === storeId && payment.invoiceId === invoiceId ? payment : undefined;
  }

  async refund<R>(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    change: (payment: InvoicePayment) => E.Either<R, Refunded>,
    eventsOf: ChangeEventsOf<Refunded>,
  ): Promise<E.Either<Missing | R, Refunded>> {
    const payment = this.payment(storeId, invoiceId, paymentId);
    if (payment === undefined) return E.left(missing);
    const changed = change(payment);
    if (E.isLeft(changed)) return changed;
    this.state.invoicePayments.set(paymentId, changed.right.payment);
    this.state.paymentRefunds.set(changed.right.refund.id, changed.right.refund);
    this.outbox?.record(storeId, eventsOf(changed.right));
    return changed;
  }

  async settleRefund<R>(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    refundId: Uuid,
    change: (payment: InvoicePayment, refund: PaymentRefund) => E.Either<R, RefundSettled>,
    eventsOf: ChangeEventsOf<RefundSettled>,
  ): Promise<E.Either<Missing | R, RefundSettled>> {
    const payment = this.payment(storeId, invoiceId, paymentId);
    const refund = this.state.paymentRefunds.get(refundId);
    if (payment === undefined || refund?.paymentId !== paymentId) return E.left(missing);
    const changed = change(payment, refund);
    if (E.isLeft(changed)) return changed;
    this.state.invoicePayments.set(paymentId, changed.right.payment);
    if (changed.right.kind === 'withdrawn') this.state.paymentRefunds.delete(refundId);
    else this.state.paymentRefunds.set(refundId, changed.right.refund);
    this.outbox?.record(storeId, eventsOf(changed.right));
    return changed;
  }

  async pendingRefunds(storeId: Uuid, invoiceId: Uuid, paymentId: Uuid): Promise<readonly Refunded[]> {
    const payment = this.payment(storeId, invoiceId, paymentId);
    if (payment === undefined) return [];
    return [...this.state.paymentRefunds.values()]
      .filter((refund) => refund.paymentId === paymentId && refund.status === 'pending')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((refund) => ({ payment, refund }));
  }

  async pendingRefundsOfStore(storeId: Uuid, after: Uuid | undefined, limit: number): Promise<Batch<Refunded>> {
    const page = [...this.state.paymentRefunds.values()]
      .filter((r) => r.storeId === storeId && r.status === 'pending' && (after === undefined || r.id > after))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit);
    const items = page.flatMap((refund) => {
      const payment = this.payment(storeId, refund.invoiceId, refund.paymentId);
      return payment === undefined ? [] : [{ payment, refund }];
    });
    const last = page.at(-1)?.id;
    return page.length < limit || last === undefined ? { items } : { items, next: last };
  }

  async findRefund(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    refundId: Uuid,
  ): Promise<PaymentRefund | undefined> {
    const refund = this.state.paymentRefunds.get(refundId);
    return refund?.storeId === storeId && refund.invoiceId === invoiceId && refund.paymentId === paymentId
      ? refund
      : undefined;
  }

  async listRefunds(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    query: ListQuery,
  ): Promise<Page<PaymentRefund> | undefined> {
    if (this.payment(storeId, invoiceId, paymentId) === undefined) return undefined;
    return listOf(
      [...this.state.paymentRefunds.values()].filter((r) => r.paymentId === paymentId),
      query,
      REFUND_FIELDS,
    );
  }
}
