import type { Kysely } from 'kysely';
import { longTextType, type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

/**
 * Idempotency keys of POST requests, one row per store and key: the primary key makes a claim atomic
 * on every instance. `status` and `body` are the response to replay, empty while the first request runs.
 */
export const idempotencyKeys = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    await withTableOptions(
      flavor,
      db.schema
        .createTable('idempotency_keys')
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('idempotency_key', 'varchar(255)', (c) => c.notNull())
        .addColumn('claim_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('body', longTextType(flavor))
        .addColumn('locked_at', ts, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pkey', ['store_id', 'idempotency_key']),
    ).execute();
    await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('idempotency_keys').execute();
  },
});
