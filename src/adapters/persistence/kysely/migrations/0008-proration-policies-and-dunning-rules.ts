import type { Kysely } from 'kysely';
import { longTextType, timestampType, withTableOptions, type SqlFlavor } from '../sql-flavor.js';

const POLICY_TABLES = ['subscription_proration_policies', 'subscription_dunning_rules'] as const;

/**
 * A store's proration policies and dunning rules, stored alike: the attributes as JSON, and beside them the
 * value at most one record of the store may hold (a policy's external reference, hashed; a rule's default
 * mark), made unique by the database so that concurrent writes cannot both take it. NULLs are distinct in a
 * unique index on every backend, so records without such a value never collide. The store's cart settings
 * get a row of their own once changed.
 */
export const prorationPoliciesAndDunningRules = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    for (const name of POLICY_TABLES) {
      await withTableOptions(
        flavor,
        db.schema
          .createTable(name)
          .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
          .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
          .addColumn('exclusive_key', 'varchar(32)')
          .addColumn('attributes', longTextType(flavor), (c) => c.notNull())
          .addColumn('created_at', ts, (c) => c.notNull())
          .addColumn('updated_at', ts, (c) => c.notNull())
          .addUniqueConstraint(`${name}_exclusive`, ['store_id', 'exclusive_key']),
      ).execute();
      await db.schema.createIndex(`${name}_order`).on(name).columns(['store_id', 'created_at', 'id']).execute();
    }
    await withTableOptions(
      flavor,
      db.schema
        .createTable('cart_settings')
        .addColumn('store_id', 'varchar(36)', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
        .addColumn('cart_expiry_days', 'integer', (c) => c.notNull())
        .addColumn('custom_discounts_enabled', 'boolean', (c) => c.notNull())
        .addColumn('use_rule_promotions', 'boolean', (c) => c.notNull())
        .addColumn('snapshot_date', 'varchar(20)'),
    ).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('cart_settings').execute();
    for (const name of POLICY_TABLES) await db.schema.dropTable(name).execute();
  },
});
