import type { Kysely } from 'kysely';
import { type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

export const storesAndApplicationKeys = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    await withTableOptions(
      flavor,
      db.schema
        .createTable('stores')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('rate_limit', 'integer', (c) => c.notNull())
        .addColumn('page_length', 'integer', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull()),
    ).execute();

    await withTableOptions(
      flavor,
      db.schema
        .createTable('application_keys')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('client_id', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('secret_hash', 'varchar(128)', (c) => c.notNull())
        .addColumn('reserved_rate_limit', 'integer')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('last_used_at', ts),
    ).execute();
    await db.schema
      .createIndex('application_keys_store_created')
      .on('application_keys')
      .columns(['store_id', 'created_at', 'id'])
      .execute();

    await withTableOptions(
      flavor,
      db.schema
        .createTable('access_tokens')
        .addColumn('token_hash', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('application_key_id', 'varchar(36)', (c) =>
          c.notNull().references('application_keys.id').onDelete('cascade'),
        )
        .addColumn('grant_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull()),
    ).execute();
    await db.schema.createIndex('access_tokens_key').on('access_tokens').column('application_key_id').execute();
    await db.schema.createIndex('access_tokens_expiry').on('access_tokens').column('expires_at').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('access_tokens').execute();
    await db.schema.dropTable('application_keys').execute();
    await db.schema.dropTable('stores').execute();
  },
});
