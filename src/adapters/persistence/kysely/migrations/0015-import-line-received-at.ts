import { sql, type Kysely } from 'kysely';
import { timestampType, type SqlFlavor } from '../sql-flavor.js';

/**
 * When each import line was stored, so that lines no job will ever read (an upload cut off by a crash,
 * before its job was created) can be swept once they are old enough. Lines stored before this migration
 * count as received when it ran. The index serves the sweep, oldest first.
 */
export const importLineReceivedAt = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('subscription_import_lines').addColumn('received_at', timestampType(flavor)).execute();
    await db.updateTable('subscription_import_lines').set({ received_at: sql`CURRENT_TIMESTAMP` }).execute();
    await (flavor === 'postgres'
      ? db.schema.alterTable('subscription_import_lines').alterColumn('received_at', (c) => c.setNotNull())
      : db.schema.alterTable('subscription_import_lines').modifyColumn('received_at', timestampType(flavor), (c) => c.notNull())
    ).execute();
    await db.schema.createIndex('subscription_import_lines_received').on('subscription_import_lines').columns(['received_at', 'import_id']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    const index = 'subscription_import_lines_received';
    await (flavor === 'mysql' ? db.schema.dropIndex(index).on('subscription_import_lines') : db.schema.dropIndex(index)).execute();
    await db.schema.alterTable('subscription_import_lines').dropColumn('received_at').execute();
  },
});
