import type { Kysely } from 'kysely';
import { type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

/**
 * A realm's OpenID Connect profiles (the client secret kept, as it is sent to the provider at each sign-in),
 * people's links to a provider's subject, and the sign-ins begun at a provider. A subject is unique in its
 * profile exactly as the provider wrote it, through `subject_key`, a 128-bit hash of it: MariaDB's default
 * collation would compare the text itself without regard to case. An attempt's key is the hash of its
 * `state`, so that whichever instance the provider's redirect reaches can finish it, once.
 */
export const oidcProfiles = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    await withTableOptions(
      flavor,
      db.schema
        .createTable('oidc_profiles')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('realm_id', 'varchar(36)', (c) =>
          c.notNull().references('authentication_realms.id').onDelete('cascade'),
        )
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('discovery_url', 'text', (c) => c.notNull())
        .addColumn('client_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('client_secret', 'text', (c) => c.notNull())
        .addColumn('redirect_uris', 'text', (c) => c.notNull())
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull()),
    ).execute();
    await db.schema
      .createIndex('oidc_profiles_order')
      .on('oidc_profiles')
      .columns(['store_id', 'realm_id', 'created_at', 'id'])
      .execute();

    await withTableOptions(
      flavor,
      db.schema
        .createTable('oidc_profile_infos')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('realm_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('oidc_profile_id', 'varchar(36)', (c) =>
          c.notNull().references('oidc_profiles.id').onDelete('cascade'),
        )
        .addColumn('subject', 'varchar(255)', (c) => c.notNull())
        .addColumn('subject_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addUniqueConstraint('oidc_profile_infos_subject', ['oidc_profile_id', 'subject_key']),
    ).execute();
    await db.schema
      .createIndex('oidc_profile_infos_user')
      .on('oidc_profile_infos')
      .columns(['store_id', 'user_id', 'created_at', 'id'])
      .execute();

    await withTableOptions(
      flavor,
      db.schema
        .createTable('oidc_sign_in_attempts')
        .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('realm_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('oidc_profile_id', 'varchar(36)', (c) =>
          c.notNull().references('oidc_profiles.id').onDelete('cascade'),
        )
        .addColumn('prefix', 'varchar(24)', (c) => c.notNull())
        .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
        .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull()),
    ).execute();
    await db.schema
      .createIndex('oidc_sign_in_attempts_expiry')
      .on('oidc_sign_in_attempts')
      .column('expires_at')
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('oidc_sign_in_attempts').execute();
    await db.schema.dropTable('oidc_profile_infos').execute();
    await db.schema.dropTable('oidc_profiles').execute();
  },
});
