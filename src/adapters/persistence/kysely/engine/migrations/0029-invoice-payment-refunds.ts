import type { Kysely } from 'kysely';
import { type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

const TABLE = 'subscription_invoice_payment_refunds';

/**
 * Refunds of invoice payments (EPCC 2026), and on each payment what they gave back so far, kept beside
 * its amount so that the refund rule reads both from the one row its invoice's lock guards. Every
 * existing payment has given nothing back.
 */
export const invoicePaymentRefunds = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    await db.schema
      .alterTable('subscription_invoice_payments')
      .addColumn('amount_refunded', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await withTableOptions(
      flavor,
      db.schema
        .createTable(TABLE)
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('invoice_id', 'varchar(36)', (c) =>
          c.notNull().references('subscription_invoices.id').onDelete('cascade'),
        )
        .addColumn('payment_id', 'varchar(36)', (c) =>
          c.notNull().references('subscription_invoice_payments.id').onDelete('cascade'),
        )
        .addColumn('subscription_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('reason', 'varchar(1024)', (c) => c.notNull())
        .addColumn('gateway', 'varchar(1024)', (c) => c.notNull())
        .addColumn('external_refund_id', 'varchar(1024)')
        .addColumn('created_at', ts, (c) => c.notNull()),
    ).execute();
    await db.schema.createIndex(`${TABLE}_order`).on(TABLE).columns(['payment_id', 'created_at', 'id']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable(TABLE).execute();
    await db.schema.alterTable('subscription_invoice_payments').dropColumn('amount_refunded').execute();
  },
});
