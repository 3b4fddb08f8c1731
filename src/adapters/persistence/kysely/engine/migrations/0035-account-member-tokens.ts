import type { Kysely } from 'kysely';
import { type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

const TABLE = 'account_member_tokens';

/**
 * Account member tokens (EPCC's `account_management_authentication_token`), by the hash of their text as
 * access tokens are. A member's tokens are revoked together, and expired ones purged, so both are indexed.
 */
export const accountMemberTokens = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    await withTableOptions(
      flavor,
      db.schema
        .createTable(TABLE)
        .addColumn('token_hash', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('account_member_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull()),
    ).execute();
    await db.schema.createIndex(`${TABLE}_member`).on(TABLE).columns(['store_id', 'account_member_id']).execute();
    await db.schema.createIndex(`${TABLE}_expiry`).on(TABLE).column('expires_at').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable(TABLE).execute();
  },
});
