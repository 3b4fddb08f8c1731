import type { Kysely } from 'kysely';
import { longTextType, type SqlFlavor } from '../sql-flavor.js';

/**
 * Each subscription's resource documents, kept as text with its row and written with every change of it, so
 * that a list page is put together from them (`SubscriptionDocuments`). Rows written before have none: a
 * list makes theirs from the row when it reads one, and the service writes them in the background after it
 * starts (`KeepSubscriptionDocuments`), as it does for documents of an older format.
 */
export const subscriptionDocuments = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('subscriptions').addColumn('document', longTextType(flavor)).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('subscriptions').dropColumn('document').execute();
  },
});
