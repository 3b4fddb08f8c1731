import { type Kysely, sql } from 'kysely';
import { longTextType, type SqlFlavor } from '../sql-flavor.js';

/**
 * Each subscription's resource documents, kept as text with its row and written with every change of it, so
 * that a list page is put together from them (`SubscriptionDocuments`). Rows written before have none: a
 * list makes theirs from the row when it reads one, and the service writes them in the background after it
 * starts (`KeepSubscriptionDocuments`), as it does for documents of an older format.
 *
 * A document (about 1.7 KiB) takes a row past PostgreSQL's 2 KiB, which compresses it in the row: with lz4
 * where the server has it (PGlite has not), several times cheaper to write and to read than its default.
 */
export const subscriptionDocuments = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('subscriptions').addColumn('document', longTextType(flavor)).execute();
    if (flavor !== 'postgres') return;
    const { rows } = await sql<{ lz4: boolean }>`select 'lz4' = any(enumvals) as lz4 from pg_settings
      where name = 'default_toast_compression'`.execute(db);
    if (rows[0]?.lz4 === true)
      await sql`alter table subscriptions alter column document set compression lz4`.execute(db);
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('subscriptions').dropColumn('document').execute();
  },
});
