import type { Kysely } from 'kysely';
import { type SqlFlavor, withTableOptions } from '../sql-flavor.js';

/**
 * A store's account-membership limit gets a row of its own once changed, as its cart settings do: the two are
 * changed through different requests, and a table of their own spares each a row of the other's defaults.
 */
export const accountMembershipSettings = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await withTableOptions(
      flavor,
      db.schema
        .createTable('account_membership_settings')
        .addColumn('store_id', 'varchar(36)', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
        .addColumn('membership_limit', 'integer', (c) => c.notNull()),
    ).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('account_membership_settings').execute();
  },
});
