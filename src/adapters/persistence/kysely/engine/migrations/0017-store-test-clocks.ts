import type { Kysely } from 'kysely';
import { type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

/** The time each store's test clock holds, once it has been set (`TEST_CLOCKS=on`): one row per store. */
export const storeTestClocks = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await withTableOptions(
      flavor,
      db.schema
        .createTable('store_test_clocks')
        .addColumn('store_id', 'varchar(36)', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
        .addColumn('held_at', timestampType(flavor), (c) => c.notNull()),
    ).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('store_test_clocks').execute();
  },
});
