import type { Kysely } from 'kysely';
import { longTextType, type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

const TABLE = 'subscription_features';

/**
 * A store's features (EPCC 2025), stored as proration policies and dunning rules are: the attributes as
 * JSON, and the hashed `external_ref` no two features of a store may share, made unique by the database.
 */
export const features = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    await withTableOptions(
      flavor,
      db.schema
        .createTable(TABLE)
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('exclusive_key', 'varchar(32)')
        .addColumn('attributes', longTextType(flavor), (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addUniqueConstraint(`${TABLE}_exclusive`, ['store_id', 'exclusive_key']),
    ).execute();
    await db.schema.createIndex(`${TABLE}_order`).on(TABLE).columns(['store_id', 'created_at', 'id']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable(TABLE).execute();
  },
});
