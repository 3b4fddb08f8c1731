import type { Kysely } from 'kysely';
import { type SqlFlavor, withTableOptions } from '../sql-flavor.js';

/** The origins a store opens its browser routes to, a row once changed, as its other settings groups are. */
export const corsSettings = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await withTableOptions(
      flavor,
      db.schema
        .createTable('cors_settings')
        .addColumn('store_id', 'varchar(36)', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
        .addColumn('allowed_origins', 'text', (c) => c.notNull()),
    ).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('cors_settings').execute();
  },
});
