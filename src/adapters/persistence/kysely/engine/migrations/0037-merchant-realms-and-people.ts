import { type Kysely, sql } from 'kysely';
import { type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

const REALMS = 'authentication_realms';
/** The names PostgreSQL and MariaDB gave the unique key of 0034's `store_id … unique()`. */
const OLD_UNIQUE = { postgres: 'authentication_realms_store_id_key', mysql: 'store_id' } as const;
const KIND_UNIQUE = 'authentication_realms_store_kind';

const dropUnique = (db: Kysely<any>, flavor: SqlFlavor, name: string) =>
  flavor === 'mysql'
    ? sql`alter table ${sql.table(REALMS)} drop index ${sql.id(name)}`.execute(db)
    : db.schema.alterTable(REALMS).dropConstraint(name).execute();

/**
 * A store's second realm, the merchant realm its people sign in to (one per store: the realm the merchant
 * realm mapping names, made here for every mapping that exists), the people themselves, and their console
 * sessions. A person's email is unique in the store regardless of case through `email_key`, a 128-bit hash
 * of its lower-case form. A session is kept by the hashes of its id and CSRF token; it refers to the person
 * or the key it acts for, so deleting either ends it in the same statement.
 */
export const merchantRealmsAndPeople = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    await db.schema
      .alterTable(REALMS)
      .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('account'))
      .execute();
    // The new key leads with store_id, so MariaDB's foreign key on store_id keeps an index when the old one goes.
    await db.schema.alterTable(REALMS).addUniqueConstraint(KIND_UNIQUE, ['store_id', 'kind']).execute();
    await dropUnique(db, flavor, OLD_UNIQUE[flavor]);
    const mappings = await db
      .selectFrom('merchant_realm_mappings')
      .innerJoin('stores', 'stores.id', 'merchant_realm_mappings.store_id')
      .select(['merchant_realm_mappings.realm_id', 'merchant_realm_mappings.store_id', 'stores.created_at'])
      .execute();
    for (const mapping of mappings)
      await db
        .insertInto(REALMS)
        .values({
          id: mapping.realm_id,
          store_id: mapping.store_id,
          kind: 'merchant',
          name: 'Merchant Realm',
          redirect_uris: '[]',
          duplicate_email_policy: 'allowed',
          created_at: mapping.created_at,
          updated_at: mapping.created_at,
        })
        .execute();

    await withTableOptions(
      flavor,
      db.schema
        .createTable('merchant_users')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('email', 'varchar(255)', (c) => c.notNull())
        .addColumn('email_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('last_signed_in_at', ts)
        .addUniqueConstraint('merchant_users_email', ['store_id', 'email_key']),
    ).execute();
    await db.schema
      .createIndex('merchant_users_order')
      .on('merchant_users')
      .columns(['store_id', 'created_at', 'id'])
      .execute();
    await db.schema.createIndex('merchant_users_role').on('merchant_users').columns(['store_id', 'role']).execute();

    await withTableOptions(
      flavor,
      db.schema
        .createTable('console_sessions')
        .addColumn('id_hash', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('csrf_hash', 'varchar(128)', (c) => c.notNull())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('merchant_user_id', 'varchar(36)', (c) => c.references('merchant_users.id').onDelete('cascade'))
        .addColumn('application_key_id', 'varchar(36)', (c) => c.references('application_keys.id').onDelete('cascade'))
        .addColumn('address', 'varchar(64)')
        .addColumn('user_agent', 'varchar(255)')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('last_used_at', ts, (c) => c.notNull())
        .addColumn('idle_expires_at', ts, (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull()),
    ).execute();
    await db.schema.createIndex('console_sessions_user').on('console_sessions').columns(['merchant_user_id']).execute();
    await db.schema
      .createIndex('console_sessions_key')
      .on('console_sessions')
      .columns(['application_key_id'])
      .execute();
    // The idle end never passes the absolute one, so it alone tells which sessions have ended.
    await db.schema.createIndex('console_sessions_expiry').on('console_sessions').column('idle_expires_at').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('console_sessions').execute();
    await db.schema.dropTable('merchant_users').execute();
    await db.deleteFrom(REALMS).where('kind', '=', 'merchant').execute();
    if (flavor === 'mysql')
      await sql`alter table ${sql.table(REALMS)} add unique index ${sql.id(OLD_UNIQUE.mysql)} (store_id)`.execute(db);
    else await db.schema.alterTable(REALMS).addUniqueConstraint(OLD_UNIQUE.postgres, ['store_id']).execute();
    await dropUnique(db, flavor, KIND_UNIQUE);
    await db.schema.alterTable(REALMS).dropColumn('kind').execute();
  },
});
