import type { Kysely } from 'kysely';
import { type SqlFlavor, timestampLiteral, timestampType } from '../sql-flavor.js';

/**
 * When each import line was stored, so that lines no job will ever read (an upload cut off by a crash,
 * before its job was created) can be swept once they are old enough. Lines stored before this migration
 * count as received when it ran. The index serves the sweep, oldest first.
 */
export const importLineReceivedAt = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    // The instant in UTC from here, as the service writes every other time (the server's CURRENT_TIMESTAMP
    // is its session's local time on MariaDB), as a constant default then dropped: no row is rewritten.
    await db.schema
      .alterTable('subscription_import_lines')
      .addColumn('received_at', timestampType(flavor), (c) =>
        c.notNull().defaultTo(timestampLiteral(flavor, new Date())),
      )
      .execute();
    await db.schema
      .alterTable('subscription_import_lines')
      .alterColumn('received_at', (c) => c.dropDefault())
      .execute();
    await db.schema
      .createIndex('subscription_import_lines_received')
      .on('subscription_import_lines')
      .columns(['received_at', 'import_id'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    const index = 'subscription_import_lines_received';
    await (flavor === 'mysql'
      ? db.schema.dropIndex(index).on('subscription_import_lines')
      : db.schema.dropIndex(index)
    ).execute();
    await db.schema.alterTable('subscription_import_lines').dropColumn('received_at').execute();
  },
});
