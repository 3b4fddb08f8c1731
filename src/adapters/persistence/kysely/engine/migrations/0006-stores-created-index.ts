import type { Kysely } from 'kysely';
import type { SqlFlavor } from '../sql-flavor.js';

/** The list of stores reads them in the order of every list, on an index as every list does. */
export const storesCreatedIndex = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.createIndex('stores_created').on('stores').columns(['created_at', 'id']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    // MySQL names the table an index belongs to; PostgreSQL's index names are unique in the schema.
    await (flavor === 'mysql'
      ? db.schema.dropIndex('stores_created').on('stores')
      : db.schema.dropIndex('stores_created')
    ).execute();
  },
});
