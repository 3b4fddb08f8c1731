import type { Kysely } from 'kysely';
import { type SqlFlavor, withTableOptions } from '../sql-flavor.js';

/**
 * A store's settings of one payment gateway, a row once changed. Each credential is three columns: the
 * value sealed (AES-256-GCM: nonce, ciphertext and tag as base64), the id of the key that sealed it, and
 * the mask answers show; the clear value is never stored.
 */
export const gatewaySettings = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await withTableOptions(
      flavor,
      db.schema
        .createTable('gateway_settings')
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('slug', 'varchar(64)', (c) => c.notNull())
        .addColumn('enabled', 'boolean', (c) => c.notNull())
        .addColumn('test_mode', 'boolean', (c) => c.notNull())
        .addColumn('stripe_account', 'varchar(255)')
        .addColumn('login_sealed', 'varchar(512)')
        .addColumn('login_key_id', 'varchar(32)')
        .addColumn('login_masked', 'varchar(16)')
        .addColumn('password_sealed', 'varchar(512)')
        .addColumn('password_key_id', 'varchar(32)')
        .addColumn('password_masked', 'varchar(16)')
        .addPrimaryKeyConstraint('gateway_settings_pk', ['store_id', 'slug']),
    ).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('gateway_settings').execute();
  },
});
