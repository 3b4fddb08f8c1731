import { type Kysely, sql } from 'kysely';
import { longTextType, type SqlFlavor, timestampLiteral, timestampType, withTableOptions } from '../sql-flavor.js';

/**
 * Invoices of subscriptions' billing periods and the attempts to pay them. A period is invoiced once
 * (UNIQUE subscription, period start) and numbers are unique per store, whatever runs concurrently; the
 * store's counter row is locked while a batch is numbered, so numbers have no gaps. No cascade from a
 * subscription: its invoices are financial records, so a subscription with invoices is not deleted. An
 * invoice has at most one pending payment: `pending_invoice_id` holds the invoice id while a payment is
 * pending and NULL otherwise, and NULLs never collide in a unique index (MariaDB has no partial index).
 * Billing runs walk a store's subscriptions by id, hence the (store_id, id) index. `billable_from` on
 * subscriptions holds the instant this migration ran for every subscription that existed before it
 * (NULL for later ones): billing never invoices a period of theirs that ended by then. Each list filter
 * (subscription, subscriber, outstanding, tax_required) has an index that ends in the lists' order
 * (created_at, id), so a page and its capped count read only the matching entries. A payment run walks
 * by id the invoices equal on every flag it filters: an invoice whose retries are spent (it stays
 * outstanding for ever) or that waits for tax or a settlement is outside the range it reads.
 */
export const invoicesAndPayments = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    const json = longTextType(flavor);
    await db.schema.createIndex('subscriptions_billing_walk').on('subscriptions').columns(['store_id', 'id']).execute();
    // Subscriptions made before billing runs existed are billed from now on, not back to their start:
    // their first run invoices the period running now, not every period since they began.
    // Added with the instant as a constant default, then without it: both backends store such a column in
    // their catalogue alone (PostgreSQL 11+, MariaDB 10.3+), where an UPDATE would rewrite every row.
    await db.schema
      .alterTable('subscriptions')
      .addColumn('billable_from', ts, (c) => c.defaultTo(timestampLiteral(flavor, new Date())))
      .execute();
    await db.schema
      .alterTable('subscriptions')
      .alterColumn('billable_from', (c) => c.dropDefault())
      .execute();
    await withTableOptions(
      flavor,
      db.schema
        .createTable('subscription_invoice_numbers')
        .addColumn('store_id', 'varchar(36)', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
        .addColumn('last_number', 'bigint', (c) => c.notNull()),
    ).execute();
    await withTableOptions(
      flavor,
      db.schema
        .createTable('subscription_invoices')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('subscription_id', 'varchar(36)', (c) => c.notNull().references('subscriptions.id'))
        .addColumn('subscriber_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('number', 'bigint', (c) => c.notNull())
        .addColumn('billing_period_start', ts, (c) => c.notNull())
        .addColumn('billing_period_end', ts, (c) => c.notNull())
        .addColumn('items', json, (c) => c.notNull())
        .addColumn('tax_items', json, (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('includes_tax', 'boolean', (c) => c.notNull())
        .addColumn('outstanding', 'boolean', (c) => c.notNull())
        .addColumn('tax_required', 'boolean', (c) => c.notNull())
        .addColumn('payment_retries_limit_reached', 'boolean', (c) => c.notNull())
        .addColumn('manual_payment_pending', 'boolean', (c) => c.notNull())
        .addColumn('failed_payment_attempts', 'integer', (c) => c.notNull())
        .addColumn('last_payment_attempt_at', ts)
        .addColumn('job_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('tax_job_id', 'varchar(36)')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('taxes_added_at', ts)
        .addUniqueConstraint('subscription_invoices_period', ['subscription_id', 'billing_period_start'])
        .addUniqueConstraint('subscription_invoices_number', ['store_id', 'number']),
    ).execute();
    const invoiceIndexes: ReadonlyArray<[string, string[]]> = [
      ['subscription_invoices_order', ['store_id', 'created_at', 'id']],
      ['subscription_invoices_subscription', ['store_id', 'subscription_id', 'created_at', 'id']],
      ['subscription_invoices_subscriber', ['store_id', 'subscriber_id', 'created_at', 'id']],
      ['subscription_invoices_outstanding', ['store_id', 'outstanding', 'created_at', 'id']],
      ['subscription_invoices_tax_required', ['store_id', 'tax_required', 'created_at', 'id']],
      [
        'subscription_invoices_payable',
        ['store_id', 'outstanding', 'payment_retries_limit_reached', 'tax_required', 'manual_payment_pending', 'id'],
      ],
      ['subscription_invoices_job', ['job_id']],
    ];
    for (const [name, columns] of invoiceIndexes)
      await db.schema.createIndex(name).on('subscription_invoices').columns(columns).execute();
    await withTableOptions(
      flavor,
      db.schema
        .createTable('subscription_invoice_payments')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('invoice_id', 'varchar(36)', (c) =>
          c.notNull().references('subscription_invoices.id').onDelete('cascade'),
        )
        .addColumn('subscription_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('job_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('gateway', 'varchar(1024)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('includes_tax', 'boolean', (c) => c.notNull())
        .addColumn('external_payment_id', 'varchar(1024)')
        .addColumn('failure_reason', 'varchar(1024)')
        .addColumn('pending_invoice_id', 'varchar(36)', (c) => c.unique())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('payment_taken_at', ts),
    ).execute();
    await db.schema
      .createIndex('subscription_invoice_payments_order')
      .on('subscription_invoice_payments')
      .columns(['invoice_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('subscription_invoice_payments_job')
      .on('subscription_invoice_payments')
      .columns(['job_id', 'invoice_id'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('subscription_invoice_payments').execute();
    await db.schema.dropTable('subscription_invoices').execute();
    await db.schema.dropTable('subscription_invoice_numbers').execute();
    await (flavor === 'mysql'
      ? sql`drop index subscriptions_billing_walk on subscriptions`
      : sql`drop index subscriptions_billing_walk`
    ).execute(db);
    await db.schema.alterTable('subscriptions').dropColumn('billable_from').execute();
  },
});
