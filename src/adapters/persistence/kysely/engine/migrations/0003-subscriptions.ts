import type { Kysely } from 'kysely';
import { longTextType, type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

/**
 * The subscription catalogue, offerings with their copies and version snapshots, subscriptions and
 * their state history. Filtered columns are indexed together with the list order (created_at, id), and
 * long text is looked up through an indexed hash column beside it.
 */
export const subscriptions = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    const json = longTextType(flavor);
    const table = (name: string) => db.schema.createTable(name);

    await db.schema
      .alterTable('stores')
      .addColumn('subscription_count', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();

    for (const name of ['subscription_products', 'subscription_plans', 'subscription_offerings']) {
      let builder = table(name)
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('external_ref', 'varchar(2048)')
        .addColumn('external_ref_key', 'varchar(32)')
        .addColumn('attributes', json, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull());
      if (name === 'subscription_offerings') builder = builder.addColumn('version', 'integer', (c) => c.notNull());
      await withTableOptions(flavor, builder).execute();
      await db.schema.createIndex(`${name}_order`).on(name).columns(['store_id', 'created_at', 'id']).execute();
      await db.schema
        .createIndex(`${name}_external_ref`)
        .on(name)
        .columns(['store_id', 'external_ref_key', 'created_at', 'id'])
        .execute();
    }

    for (const [name, origin] of [
      ['subscription_offering_products', 'subscription_products'],
      ['subscription_offering_plans', 'subscription_plans'],
    ] as const) {
      await withTableOptions(
        flavor,
        table(name)
          .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
          .addColumn('offering_id', 'varchar(36)', (c) =>
            c.notNull().references('subscription_offerings.id').onDelete('cascade'),
          )
          // No cascade: an original cannot be deleted while an offering holds a copy of it.
          .addColumn('origin_id', 'varchar(36)', (c) => c.notNull().references(`${origin}.id`))
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('attributes', json, (c) => c.notNull())
          .addColumn('created_at', ts, (c) => c.notNull())
          .addColumn('updated_at', ts, (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex(`${name}_offering`).on(name).columns(['offering_id', 'position']).execute();
      await db.schema.createIndex(`${name}_origin`).on(name).column('origin_id').execute();
    }

    await withTableOptions(
      flavor,
      table('subscription_offering_versions')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        // No foreign key to the offering: subscriptions keep their snapshot after the offering is deleted.
        .addColumn('offering_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('snapshot', json, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addUniqueConstraint('subscription_offering_versions_version', ['offering_id', 'version']),
    ).execute();

    await withTableOptions(
      flavor,
      table('subscriptions')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('name', 'varchar(1024)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('email', 'varchar(1024)', (c) => c.notNull())
        .addColumn('email_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('external_ref', 'varchar(2048)')
        .addColumn('external_ref_key', 'varchar(32)')
        .addColumn('offering_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('offering_version_id', 'varchar(36)', (c) =>
          c.notNull().references('subscription_offering_versions.id'),
        )
        .addColumn('plan_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('body', json, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull()),
    ).execute();
    const subscriptionIndexes: ReadonlyArray<[string, string[]]> = [
      ['subscriptions_order', ['store_id', 'created_at', 'id']],
      ['subscriptions_account', ['store_id', 'account_id', 'created_at', 'id']],
      ['subscriptions_name', ['store_id', 'name_key', 'created_at', 'id']],
      ['subscriptions_email', ['store_id', 'email_key', 'created_at', 'id']],
      ['subscriptions_external_ref', ['store_id', 'external_ref_key', 'created_at', 'id']],
    ];
    for (const [name, columns] of subscriptionIndexes)
      await db.schema.createIndex(name).on('subscriptions').columns(columns).execute();
    await db.schema.createIndex('subscriptions_version').on('subscriptions').column('offering_version_id').execute();

    await withTableOptions(
      flavor,
      table('subscription_states')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('subscription_id', 'varchar(36)', (c) =>
          c.notNull().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('body', json, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull()),
    ).execute();
    await db.schema
      .createIndex('subscription_states_history')
      .on('subscription_states')
      .columns(['subscription_id', 'created_at', 'id'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const name of [
      'subscription_states',
      'subscriptions',
      'subscription_offering_versions',
      'subscription_offering_plans',
      'subscription_offering_products',
      'subscription_offerings',
      'subscription_plans',
      'subscription_products',
    ]) {
      await db.schema.dropTable(name).execute();
    }
    await db.schema.alterTable('stores').dropColumn('subscription_count').execute();
  },
});
