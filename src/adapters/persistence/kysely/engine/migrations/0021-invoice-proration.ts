import type { Kysely } from 'kysely';
import type { SqlFlavor } from '../sql-flavor.js';

/**
 * The prorations an invoice charged and what it leaves the next invoice, as JSON (never filtered on).
 * Every existing invoice charged none and carries no credit: null reads as that.
 */
export const invoiceProration = (_flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('subscription_invoices').addColumn('proration', 'text').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('subscription_invoices').dropColumn('proration').execute();
  },
});
