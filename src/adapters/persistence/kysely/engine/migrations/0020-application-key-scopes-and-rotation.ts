import type { Kysely } from 'kysely';
import { type SqlFlavor, timestampType } from '../sql-flavor.js';

/**
 * Keys that can be contained: the secret a rotation replaced (its hash, and until when it is accepted),
 * and the key's scopes. Existing keys get neither: null scopes mean full access, as before.
 */
export const applicationKeyScopesAndRotation = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable('application_keys')
      .addColumn('previous_secret_hash', 'varchar(128)')
      .addColumn('previous_secret_expires_at', timestampType(flavor))
      .addColumn('scopes', 'varchar(64)')
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable('application_keys')
      .dropColumn('scopes')
      .dropColumn('previous_secret_expires_at')
      .dropColumn('previous_secret_hash')
      .execute();
  },
});
