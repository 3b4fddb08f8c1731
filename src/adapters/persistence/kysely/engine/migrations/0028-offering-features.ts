import type { Kysely } from 'kysely';
import { longTextType, type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

const TABLE = 'subscription_offering_features';

/**
 * An offering's features (EPCC 2025), stored as its product and plan copies are: in the offering's order,
 * gone with the offering. `origin_id` names the store's feature it was copied from, or nothing for a feature
 * made inside the offering; it has no foreign key, because a store's feature may be deleted while offerings
 * keep their copies (EPCC's feature delete refuses nothing).
 */
export const offeringFeatures = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    await withTableOptions(
      flavor,
      db.schema
        .createTable(TABLE)
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('offering_id', 'varchar(36)', (c) =>
          c.notNull().references('subscription_offerings.id').onDelete('cascade'),
        )
        .addColumn('origin_id', 'varchar(36)')
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('attributes', longTextType(flavor), (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull()),
    ).execute();
    await db.schema.createIndex(`${TABLE}_offering`).on(TABLE).columns(['offering_id', 'position']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable(TABLE).execute();
  },
});
