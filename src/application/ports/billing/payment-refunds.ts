import type * as E from 'fp-ts/lib/Either.js';
import type { InvoicePayment } from '../../../domain/billing/payments/invoice-payment.js';
import type { PaymentRefund, RefundedPayment } from '../../../domain/billing/payments/refund.js';
import type { ListQuery } from '../../../domain/query/list-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ChangeEventsOf } from '../integrations/observed-payloads.js';
import type { Missing } from '../storage-outcomes.js';
import type { Batch } from './billing-run-store.js';

/** A refund as it is stored, with its payment as the refund leaves it. */
export type Refunded = RefundedPayment;

/** What a gateway's answer does to a pending refund: it is recorded as given, or it is no more. */
export type RefundSettled = { readonly kind: 'given' | 'withdrawn' } & Refunded;

/** Refunds of invoice payments: made under the invoice's lock, and read back. */
export interface PaymentRefunds {
  /**
   * Stores a refund with its invoice locked (the lock a settlement takes), so that `change` decides from
   * the payment as every earlier refund left it and two refunds at once cannot both spend what is left.
   * Missing when the store has no such invoice or the invoice no such payment; a refusal of `change`
   * stores nothing. The events are written in the refund's transaction.
   */
  refund<R>(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    change: (payment: InvoicePayment) => E.Either<R, Refunded>,
    eventsOf: ChangeEventsOf<Refunded>,
  ): Promise<E.Either<Missing | R, Refunded>>;
  /**
   * Records a gateway's answer for a pending refund, with the invoice locked: `change` decides from the
   * payment and the refund as they are now. A refund `given` is stored as `change` leaves it; one
   * `withdrawn` is deleted and its payment stored as `change` leaves it. Missing when the refund is no more.
   */
  settleRefund<R>(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    refundId: Uuid,
    change: (payment: InvoicePayment, refund: PaymentRefund) => E.Either<R, RefundSettled>,
    eventsOf: ChangeEventsOf<RefundSettled>,
  ): Promise<E.Either<Missing | R, RefundSettled>>;
  /** A payment's refunds still waiting for their gateway's answer, oldest first, with the payment. */
  pendingRefunds(storeId: Uuid, invoiceId: Uuid, paymentId: Uuid): Promise<readonly Refunded[]>;
  /**
   * Up to `limit` of the store's refunds still waiting for their gateway's answer, of every payment, with
   * ids after `after`, in id order, each with its payment: a walk that a refund settled meanwhile does not
   * disturb.
   */
  pendingRefundsOfStore(storeId: Uuid, after: Uuid | undefined, limit: number): Promise<Batch<Refunded>>;
  findRefund(storeId: Uuid, invoiceId: Uuid, paymentId: Uuid, refundId: Uuid): Promise<PaymentRefund | undefined>;
  /** Oldest first; undefined when the store has no such invoice, or it no such payment. */
  listRefunds(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    query: ListQuery,
  ): Promise<Page<PaymentRefund> | undefined>;
}
