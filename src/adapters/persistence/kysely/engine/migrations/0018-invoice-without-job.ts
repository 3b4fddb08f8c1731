import type { Kysely } from 'kysely';
import type { SqlFlavor } from '../sql-flavor.js';

/** An invoice made with its subscription (its first period) has no billing run: `job_id` may be NULL. */
export const invoiceWithoutJob = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await (flavor === 'mysql'
      ? db.schema.alterTable('subscription_invoices').modifyColumn('job_id', 'varchar(36)')
      : db.schema.alterTable('subscription_invoices').alterColumn('job_id', (c) => c.dropNotNull())
    ).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.deleteFrom('subscription_invoices').where('job_id', 'is', null).execute();
    await (flavor === 'mysql'
      ? db.schema.alterTable('subscription_invoices').modifyColumn('job_id', 'varchar(36)', (c) => c.notNull())
      : db.schema.alterTable('subscription_invoices').alterColumn('job_id', (c) => c.setNotNull())
    ).execute();
  },
});
