import type { Kysely } from 'kysely';
import { longTextType, type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

/**
 * A store's schedules, stored like its billing policies: the attributes as JSON beside the hashed
 * `external_ref`, unique in the store by the database and the key the list's `eq(external_ref,…)` reads.
 * When a schedule fires is not stored: it follows from the attributes and the clock.
 */
export const schedules = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await withTableOptions(
      flavor,
      db.schema
        .createTable('subscription_schedules')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('exclusive_key', 'varchar(32)')
        .addColumn('attributes', longTextType(flavor), (c) => c.notNull())
        .addColumn('created_at', timestampType(flavor), (c) => c.notNull())
        .addColumn('updated_at', timestampType(flavor), (c) => c.notNull())
        .addUniqueConstraint('subscription_schedules_exclusive', ['store_id', 'exclusive_key']),
    ).execute();
    await db.schema
      .createIndex('subscription_schedules_order')
      .on('subscription_schedules')
      .columns(['store_id', 'created_at', 'id'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('subscription_schedules').execute();
  },
});
