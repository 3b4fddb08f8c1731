import { inject, injectable } from 'inversify';
import type { InvoiceReads } from '../../../../application/ports/billing/invoice-reads.js';
import type { Invoice } from '../../../../domain/billing/invoices/invoice.js';
import type { InvoiceFilterField, InvoiceQuery } from '../../../../domain/billing/invoices/invoice-query.js';
import type { InvoicePayment } from '../../../../domain/billing/payments/invoice-payment.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { toNumber } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import {
  booleanColumn,
  cappedCount,
  type FilterColumn,
  matching,
  pageNewestFirst,
  pageOldestFirst,
} from '../sql/kysely-list.js';
import { invoiceFromRow, paymentFromRow } from './invoice-rows.js';

/** The columns EPCC's invoice filter compares. */
const INVOICE_COLUMNS: Readonly<Record<InvoiceFilterField, FilterColumn>> = {
  subscriber_id: { column: 'subscriber_id' },
  subscription_id: { column: 'subscription_id' },
  outstanding: booleanColumn('outstanding'),
  tax_required: booleanColumn('tax_required'),
};

/** Invoices and their payments as the API reads them. */
@injectable()
export class KyselyInvoiceReads implements InvoiceReads {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  /** The ids of one account's subscriptions in the store, by the account filter's index: a shopper's reach. */
  private subscriptionsOf(storeId: Uuid, accountId: string) {
    return this.handle.db
      .selectFrom('subscriptions')
      .select('id')
      .where('store_id', '=', storeId)
      .where('account_id', '=', accountId);
  }

  async findById(storeId: Uuid, id: Uuid, accountId?: string): Promise<Invoice | undefined> {
    const row = await this.handle.db
      .selectFrom('subscription_invoices')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .$if(accountId !== undefined, (q) =>
        q.where('subscription_id', 'in', this.subscriptionsOf(storeId, accountId ?? '')),
      )
      .executeTakeFirst();
    return row === undefined ? undefined : invoiceFromRow(row);
  }

  async list(storeId: Uuid, { page, filter }: InvoiceQuery, accountId?: string): Promise<Page<Invoice>> {
    const filtered = this.handle.db
      .selectFrom('subscription_invoices')
      .where('store_id', '=', storeId)
      .where(matching(filter, INVOICE_COLUMNS))
      .$if(accountId !== undefined, (q) =>
        q.where('subscription_id', 'in', this.subscriptionsOf(storeId, accountId ?? '')),
      );
    const [rows, counted] = await Promise.all([
      pageNewestFirst(filtered.selectAll(), page).execute(),
      cappedCount(this.handle.db, filtered),
    ]);
    return pageOf(rows.map(invoiceFromRow), page, counted, 'capped');
  }

  async findPayment(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    accountId?: string,
  ): Promise<InvoicePayment | undefined> {
    const row = await this.handle.db
      .selectFrom('subscription_invoice_payments')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('invoice_id', '=', invoiceId)
      .where('id', '=', paymentId)
      .$if(accountId !== undefined, (q) =>
        q.where('subscription_id', 'in', this.subscriptionsOf(storeId, accountId ?? '')),
      )
      .executeTakeFirst();
    return row === undefined ? undefined : paymentFromRow(row);
  }

  async listPayments(
    storeId: Uuid,
    invoiceId: Uuid,
    { page }: ListQuery,
    accountId?: string,
  ): Promise<Page<InvoicePayment> | undefined> {
    if ((await this.findById(storeId, invoiceId, accountId)) === undefined) return undefined;
    const payments = this.handle.db.selectFrom('subscription_invoice_payments').where('invoice_id', '=', invoiceId);
    const [rows, counted] = await Promise.all([
      pageOldestFirst(payments.selectAll(), page).execute(),
      payments.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return pageOf(rows.map(paymentFromRow), page, toNumber(counted.n), 'exact');
  }
}
