import type { Kysely } from 'kysely';
import type { SqlFlavor } from '../sql-flavor.js';

const ITEM_TABLES = ['subscription_offering_products', 'subscription_offering_plans'] as const;

/**
 * EPCC's 2025 generation makes plans and pricing options inside an offering, with no original to copy:
 * an offering's item may have no `origin_id`. The foreign key stays, so a copy still holds its original.
 */
export const offeringItemsWithoutOrigin = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    for (const table of ITEM_TABLES)
      await (flavor === 'mysql'
        ? db.schema.alterTable(table).modifyColumn('origin_id', 'varchar(36)')
        : db.schema.alterTable(table).alterColumn('origin_id', (c) => c.dropNotNull())
      ).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    // The code before this migration cannot read an item without an original: such items go.
    for (const table of ITEM_TABLES) {
      await db.deleteFrom(table).where('origin_id', 'is', null).execute();
      await (flavor === 'mysql'
        ? db.schema.alterTable(table).modifyColumn('origin_id', 'varchar(36)', (c) => c.notNull())
        : db.schema.alterTable(table).alterColumn('origin_id', (c) => c.setNotNull())
      ).execute();
    }
  },
});
