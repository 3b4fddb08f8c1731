import { type Kysely, sql } from 'kysely';
import type { SqlFlavor } from '../sql-flavor.js';

/**
 * On PostgreSQL (and PGlite) an import's lines are marked in place. Marking a line changes its status
 * only; while the status was indexed, every mark wrote a new row version and an entry in each of the
 * table's indexes. With no index on the status and half of each page left free at upload, a mark is a
 * heap-only update on the line's own page (about a third of the cost, measured on 50,000 lines). The
 * pending lines are read by the primary key (every line after the last one read is pending on a first
 * run), and the failed lines, the only ones with an error, by an index of their own that marks do not
 * touch. MySQL and MariaDB update rows in place anyway and keep the status index.
 */
export const importLineMarksInPlace = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    if (flavor === 'mysql') return;
    await sql`alter table subscription_import_lines set (fillfactor = 50)`.execute(db);
    await sql`create index subscription_import_lines_failed on subscription_import_lines (import_id, line_number)
      where error is not null`.execute(db);
    await db.schema.dropIndex('subscription_import_lines_status').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    if (flavor === 'mysql') return;
    await db.schema
      .createIndex('subscription_import_lines_status')
      .on('subscription_import_lines')
      .columns(['import_id', 'status', 'line_number'])
      .execute();
    await db.schema.dropIndex('subscription_import_lines_failed').execute();
    await sql`alter table subscription_import_lines reset (fillfactor)`.execute(db);
  },
});
