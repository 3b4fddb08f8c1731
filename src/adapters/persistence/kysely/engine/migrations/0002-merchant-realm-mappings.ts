import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type SqlFlavor, withTableOptions } from '../sql-flavor.js';

/** Every store gets its one mapping; stores that exist before this migration are given theirs here. */
export const merchantRealmMappings = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await withTableOptions(
      flavor,
      db.schema
        .createTable('merchant_realm_mappings')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().unique().references('stores.id').onDelete('cascade'))
        .addColumn('realm_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('prefix', 'varchar(24)')
        // The lower-cased prefix: a plain unique index on it makes prefixes unique regardless of case on every backend.
        .addColumn('prefix_key', 'varchar(24)', (c) => c.unique()),
    ).execute();

    const stores: { id: string }[] = await db.selectFrom('stores').select('id').execute();
    for (let i = 0; i < stores.length; i += 500) {
      const rows = stores
        .slice(i, i + 500)
        .map((s) => ({ id: randomUUID(), store_id: s.id, realm_id: randomUUID(), prefix: null, prefix_key: null }));
      await db.insertInto('merchant_realm_mappings').values(rows).execute();
    }
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('merchant_realm_mappings').execute();
  },
});
