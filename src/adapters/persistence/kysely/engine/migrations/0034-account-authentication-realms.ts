import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { longTextType, type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

/**
 * Each store's account authentication realm (made with the store from now on, and here for the stores that
 * exist), its account-authentication settings (a row once changed, as other settings), its password profiles
 * and the usernames and password hashes kept in them. A username is unique in its profile regardless of case
 * through `username_key`, a 128-bit hash of its lower-case form (which can be longer than the username), so
 * two sign-ups racing for one name cannot both win.
 */
export const accountAuthenticationRealms = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    await withTableOptions(
      flavor,
      db.schema
        .createTable('authentication_realms')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().unique().references('stores.id').onDelete('cascade'))
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('redirect_uris', longTextType(flavor), (c) => c.notNull())
        .addColumn('duplicate_email_policy', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull()),
    ).execute();
    const stores = await db.selectFrom('stores').select(['id', 'created_at']).execute();
    for (const store of stores)
      await db
        .insertInto('authentication_realms')
        .values({
          id: randomUUID(),
          store_id: store.id,
          name: 'Account Management Realm',
          redirect_uris: '[]',
          duplicate_email_policy: 'allowed',
          created_at: store.created_at,
          updated_at: store.created_at,
        })
        .execute();

    await withTableOptions(
      flavor,
      db.schema
        .createTable('account_authentication_settings')
        .addColumn('store_id', 'varchar(36)', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
        .addColumn('enable_self_signup', 'boolean', (c) => c.notNull())
        .addColumn('auto_create_account_for_account_members', 'boolean', (c) => c.notNull())
        .addColumn('account_member_self_management', 'varchar(16)', (c) => c.notNull())
        .addColumn('token_timeout_secs', 'integer', (c) => c.notNull()),
    ).execute();

    await withTableOptions(
      flavor,
      db.schema
        .createTable('password_profiles')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('realm_id', 'varchar(36)', (c) =>
          c.notNull().references('authentication_realms.id').onDelete('cascade'),
        )
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('username_format', 'varchar(8)', (c) => c.notNull())
        .addColumn('enable_one_time_password_token', 'boolean', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull()),
    ).execute();
    await db.schema
      .createIndex('password_profiles_order')
      .on('password_profiles')
      .columns(['store_id', 'realm_id', 'created_at', 'id'])
      .execute();

    await withTableOptions(
      flavor,
      db.schema
        .createTable('password_profile_infos')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('account_member_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('password_profile_id', 'varchar(36)', (c) =>
          c.notNull().references('password_profiles.id').onDelete('cascade'),
        )
        .addColumn('username', 'varchar(255)', (c) => c.notNull())
        .addColumn('username_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addUniqueConstraint('password_profile_infos_username', ['password_profile_id', 'username_key']),
    ).execute();
    await db.schema
      .createIndex('password_profile_infos_member')
      .on('password_profile_infos')
      .columns(['store_id', 'account_member_id', 'created_at', 'id'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('password_profile_infos').execute();
    await db.schema.dropTable('password_profiles').execute();
    await db.schema.dropTable('account_authentication_settings').execute();
    await db.schema.dropTable('authentication_realms').execute();
  },
});
