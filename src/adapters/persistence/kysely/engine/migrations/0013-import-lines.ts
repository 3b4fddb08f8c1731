import type { Kysely } from 'kysely';
import { longTextType, type SqlFlavor, withTableOptions } from '../sql-flavor.js';

/**
 * The lines of uploaded import files, written while a file streams in, read by whichever instance runs
 * the import. The second index serves both reads: the pending lines after a line, and the failed lines.
 */
export const importLines = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const text = longTextType(flavor);
    await withTableOptions(
      flavor,
      db.schema
        .createTable('subscription_import_lines')
        .addColumn('import_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('line_number', 'integer', (c) => c.notNull())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('record_type', 'varchar(32)')
        .addColumn('body', text)
        .addColumn('record_id', 'varchar(36)')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('error', text)
        .addPrimaryKeyConstraint('subscription_import_lines_pkey', ['import_id', 'line_number']),
    ).execute();
    await db.schema
      .createIndex('subscription_import_lines_status')
      .on('subscription_import_lines')
      .columns(['import_id', 'status', 'line_number'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('subscription_import_lines').execute();
  },
});
