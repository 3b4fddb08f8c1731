import type { Kysely } from 'kysely';
import { longTextType, type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

type Indexes = ReadonlyArray<readonly [string, string, readonly string[]]>;

/**
 * Accounts, account members and memberships. Long text is matched through an indexed hash beside it, as on
 * subscribers; each filterable column is indexed with the list order (created_at, id). A registration id is
 * unique in its store when set (NULLs never collide), a member's email is unique in its store through the
 * hash of its lower-cased form, and a member belongs to an account at most once. A membership goes with its
 * account or member; a sub-account's parent is checked by the repository under a lock, not by a foreign key,
 * so that a store's rows can be deleted in any order on MySQL too.
 */
export const accounts = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    await withTableOptions(
      flavor,
      db.schema
        .createTable('accounts')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('name', 'varchar(1024)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('legal_name', 'varchar(1024)')
        .addColumn('legal_name_key', 'varchar(32)')
        .addColumn('registration_id', 'varchar(63)')
        .addColumn('external_ref', 'varchar(2048)')
        .addColumn('external_ref_key', 'varchar(32)')
        .addColumn('parent_id', 'varchar(36)')
        .addColumn('ancestor_ids', longTextType(flavor), (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addUniqueConstraint('accounts_registration_id', ['store_id', 'registration_id']),
    ).execute();
    await withTableOptions(
      flavor,
      db.schema
        .createTable('account_members')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('name', 'varchar(1024)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('email', 'varchar(1024)', (c) => c.notNull())
        .addColumn('email_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('email_identity', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addUniqueConstraint('account_members_email_identity', ['store_id', 'email_identity']),
    ).execute();
    await withTableOptions(
      flavor,
      db.schema
        .createTable('account_memberships')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('account_member_id', 'varchar(36)', (c) =>
          c.notNull().references('account_members.id').onDelete('cascade'),
        )
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addUniqueConstraint('account_memberships_pair', ['account_id', 'account_member_id']),
    ).execute();
    const indexes: Indexes = [
      ['accounts_order', 'accounts', ['store_id', 'created_at', 'id']],
      ['accounts_name', 'accounts', ['store_id', 'name_key', 'created_at', 'id']],
      ['accounts_legal_name', 'accounts', ['store_id', 'legal_name_key', 'created_at', 'id']],
      ['accounts_external_ref', 'accounts', ['store_id', 'external_ref_key', 'created_at', 'id']],
      ['accounts_parent', 'accounts', ['store_id', 'parent_id']],
      ['account_members_order', 'account_members', ['store_id', 'created_at', 'id']],
      ['account_members_name', 'account_members', ['store_id', 'name_key', 'created_at', 'id']],
      ['account_members_email', 'account_members', ['store_id', 'email_key', 'created_at', 'id']],
      ['account_memberships_of_account', 'account_memberships', ['store_id', 'account_id', 'created_at', 'id']],
      ['account_memberships_of_member', 'account_memberships', ['store_id', 'account_member_id', 'created_at', 'id']],
    ];
    for (const [name, table, columns] of indexes)
      await db.schema
        .createIndex(name)
        .on(table)
        .columns([...columns])
        .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('account_memberships').execute();
    await db.schema.dropTable('account_members').execute();
    await db.schema.dropTable('accounts').execute();
  },
});
