import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Batch } from '../../../../application/ports/billing/billing-run-store.js';
import type { PaymentRefunds, Refunded, RefundSettled } from '../../../../application/ports/billing/payment-refunds.js';
import type { ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import { type Missing, missing } from '../../../../application/ports/storage-outcomes.js';
import type { InvoicePayment } from '../../../../domain/billing/payments/invoice-payment.js';
import type { PaymentRefund } from '../../../../domain/billing/payments/refund.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { toNumber } from '../engine/sql-flavor.js';
import type { KyselyOutbox } from '../integrations/kysely-outbox.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { pageOldestFirst } from '../sql/kysely-list.js';
import { lockInvoice, paymentFromRow } from './invoice-rows.js';
import { refundFromRow, refundToRow } from './refund-rows.js';

/** Refunds of invoice payments, each stored with its payment's refunded total under the invoice's lock. */
@injectable()
export class KyselyPaymentRefunds implements PaymentRefunds {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.Outbox) private readonly outbox: KyselyOutbox,
  ) {}

  refund<R>(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    change: (payment: InvoicePayment) => E.Either<R, Refunded>,
    eventsOf: ChangeEventsOf<Refunded>,
  ): Promise<E.Either<Missing | R, Refunded>> {
    return this.handle.db.transaction().execute(async (trx): Promise<E.Either<Missing | R, Refunded>> => {
      if ((await lockInvoice(trx, storeId, invoiceId)) === undefined) return E.left(missing);
      const row = await trx
        .selectFrom('subscription_invoice_payments')
        .selectAll()
        .where('invoice_id', '=', invoiceId)
        .where('id', '=', paymentId)
        .executeTakeFirst();
      if (row === undefined) return E.left(missing);
      const changed = change(paymentFromRow(row));
      if (E.isLeft(changed)) return changed;
      const { payment, refund } = changed.right;
      await trx
        .updateTable('subscription_invoice_payments')
        .set({ amount_refunded: payment.amountRefunded, updated_at: payment.updatedAt })
        .where('id', '=', paymentId)
        .execute();
      await trx.insertInto('subscription_invoice_payment_refunds').values(refundToRow(refund)).execute();
      await this.outbox.record(trx, storeId, eventsOf(changed.right));
      return changed;
    });
  }

  settleRefund<R>(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    refundId: Uuid,
    change: (payment: InvoicePayment, refund: PaymentRefund) => E.Either<R, RefundSettled>,
    eventsOf: ChangeEventsOf<RefundSettled>,
  ): Promise<E.Either<Missing | R, RefundSettled>> {
    return this.handle.db.transaction().execute(async (trx): Promise<E.Either<Missing | R, RefundSettled>> => {
      if ((await lockInvoice(trx, storeId, invoiceId)) === undefined) return E.left(missing);
      const [paymentRow, refundRow] = await Promise.all([
        trx
          .selectFrom('subscription_invoice_payments')
          .selectAll()
          .where('invoice_id', '=', invoiceId)
          .where('id', '=', paymentId)
          .executeTakeFirst(),
        trx
          .selectFrom('subscription_invoice_payment_refunds')
          .selectAll()
          .where('payment_id', '=', paymentId)
          .where('id', '=', refundId)
          .executeTakeFirst(),
      ]);
      if (paymentRow === undefined || refundRow === undefined) return E.left(missing);
      const changed = change(paymentFromRow(paymentRow), refundFromRow(refundRow));
      if (E.isLeft(changed)) return changed;
      const { kind, payment, refund } = changed.right;
      await trx
        .updateTable('subscription_invoice_payments')
        .set({ amount_refunded: payment.amountRefunded, updated_at: payment.updatedAt })
        .where('id', '=', paymentId)
        .execute();
      if (kind === 'withdrawn')
        await trx.deleteFrom('subscription_invoice_payment_refunds').where('id', '=', refundId).execute();
      else
        await trx
          .updateTable('subscription_invoice_payment_refunds')
          .set({ status: refund.status, external_refund_id: refund.externalRefundId ?? null })
          .where('id', '=', refundId)
          .execute();
      await this.outbox.record(trx, storeId, eventsOf(changed.right));
      return changed;
    });
  }

  async pendingRefunds(storeId: Uuid, invoiceId: Uuid, paymentId: Uuid): Promise<readonly Refunded[]> {
    const payment = await this.handle.db
      .selectFrom('subscription_invoice_payments')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('invoice_id', '=', invoiceId)
      .where('id', '=', paymentId)
      .executeTakeFirst();
    if (payment === undefined) return [];
    const rows = await this.handle.db
      .selectFrom('subscription_invoice_payment_refunds')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ payment: paymentFromRow(payment), refund: refundFromRow(row) }));
  }

  async pendingRefundsOfStore(storeId: Uuid, after: Uuid | undefined, limit: number): Promise<Batch<Refunded>> {
    let query = this.handle.db
      .selectFrom('subscription_invoice_payment_refunds')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('status', '=', 'pending');
    if (after !== undefined) query = query.where('id', '>', after);
    const rows = await query.orderBy('id').limit(limit).execute();
    if (rows.length === 0) return { items: [] };
    const payments = await this.handle.db
      .selectFrom('subscription_invoice_payments')
      .selectAll()
      .where('store_id', '=', storeId)
      .where(
        'id',
        'in',
        rows.map((row) => row.payment_id),
      )
      .execute();
    const paymentOf = new Map(payments.map((row) => [row.id, paymentFromRow(row)]));
    const items = rows.flatMap((row) => {
      const payment = paymentOf.get(row.payment_id);
      return payment === undefined ? [] : [{ payment, refund: refundFromRow(row) }];
    });
    const last = rows.at(-1)?.id;
    return rows.length < limit || last === undefined ? { items } : { items, next: last as Uuid };
  }

  async findRefund(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    refundId: Uuid,
  ): Promise<PaymentRefund | undefined> {
    const row = await this.handle.db
      .selectFrom('subscription_invoice_payment_refunds')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('invoice_id', '=', invoiceId)
      .where('payment_id', '=', paymentId)
      .where('id', '=', refundId)
      .executeTakeFirst();
    return row === undefined ? undefined : refundFromRow(row);
  }

  async listRefunds(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    { page }: ListQuery,
  ): Promise<Page<PaymentRefund> | undefined> {
    const payment = await this.handle.db
      .selectFrom('subscription_invoice_payments')
      .select('id')
      .where('store_id', '=', storeId)
      .where('invoice_id', '=', invoiceId)
      .where('id', '=', paymentId)
      .executeTakeFirst();
    if (payment === undefined) return undefined;
    const refunds = this.handle.db
      .selectFrom('subscription_invoice_payment_refunds')
      .where('payment_id', '=', paymentId);
    const [rows, counted] = await Promise.all([
      pageOldestFirst(refunds.selectAll(), page).execute(),
      refunds.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return pageOf(rows.map(refundFromRow), page, toNumber(counted.n), 'exact');
  }
}
