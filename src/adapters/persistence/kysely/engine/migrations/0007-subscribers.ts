import type { Kysely } from 'kysely';
import { type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

/**
 * A store's subscribers. Each filterable column is indexed together with the list order (created_at, id);
 * names and emails are matched through an indexed hash beside them, as on subscriptions.
 */
export const subscribers = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    await withTableOptions(
      flavor,
      db.schema
        .createTable('subscription_subscribers')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('name', 'varchar(1024)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('email', 'varchar(1024)', (c) => c.notNull())
        .addColumn('email_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull()),
    ).execute();
    const indexes: ReadonlyArray<[string, string[]]> = [
      ['subscription_subscribers_order', ['store_id', 'created_at', 'id']],
      ['subscription_subscribers_account', ['store_id', 'account_id', 'created_at', 'id']],
      ['subscription_subscribers_name', ['store_id', 'name_key', 'created_at', 'id']],
      ['subscription_subscribers_email', ['store_id', 'email_key', 'created_at', 'id']],
    ];
    for (const [name, columns] of indexes)
      await db.schema.createIndex(name).on('subscription_subscribers').columns(columns).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('subscription_subscribers').execute();
  },
});
