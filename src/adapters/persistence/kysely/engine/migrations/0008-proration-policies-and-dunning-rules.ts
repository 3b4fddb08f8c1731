import { type Kysely, sql } from 'kysely';
import { longTextType, type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

const POLICY_TABLES = ['subscription_proration_policies', 'subscription_dunning_rules'] as const;

/**
 * A store's proration policies and dunning rules, stored alike: the attributes as JSON, and beside them the
 * value at most one record of the store may hold (a policy's external reference, hashed; a rule's default
 * mark), made unique by the database so that concurrent writes cannot both take it. NULLs are distinct in a
 * unique index on every backend, so records without such a value never collide. An offering may use one
 * proration policy: the foreign key refuses to delete a policy an offering uses, and an attach racing the
 * policy's deletion, on every backend; the offering list filters on it through its own index. The store's
 * cart settings get a row of their own once changed.
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
    await db.schema.alterTable('subscription_offerings').addColumn('proration_policy_id', 'varchar(36)').execute();
    // Deleting a policy looks for the offerings using it by this column alone; MySQL would make this index
    // for the foreign key itself, PostgreSQL would scan every offering. (Dropping the column drops it.)
    await db.schema
      .createIndex('subscription_offerings_proration_policy_ref')
      .on('subscription_offerings')
      .column('proration_policy_id')
      .execute();
    // No cascade: a policy an offering uses is not deleted (EPCC: detach it first).
    await db.schema
      .alterTable('subscription_offerings')
      .addForeignKeyConstraint(
        'subscription_offerings_proration_policy_fk',
        ['proration_policy_id'],
        'subscription_proration_policies',
        ['id'],
      )
      .execute();
    await db.schema
      .createIndex('subscription_offerings_proration_policy')
      .on('subscription_offerings')
      .columns(['store_id', 'proration_policy_id', 'created_at', 'id'])
      .execute();
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
    await (flavor === 'mysql'
      ? db.schema.dropIndex('subscription_offerings_proration_policy').on('subscription_offerings')
      : db.schema.dropIndex('subscription_offerings_proration_policy')
    ).execute();
    await (flavor === 'mysql'
      ? sql`alter table subscription_offerings drop foreign key subscription_offerings_proration_policy_fk`.execute(db)
      : db.schema
          .alterTable('subscription_offerings')
          .dropConstraint('subscription_offerings_proration_policy_fk')
          .execute());
    await db.schema.alterTable('subscription_offerings').dropColumn('proration_policy_id').execute();
    for (const name of POLICY_TABLES) await db.schema.dropTable(name).execute();
  },
});
