import type { Kysely } from 'kysely';
import { type SqlFlavor, timestampType } from '../sql-flavor.js';

/**
 * EPCC 2026-10's `valid_from`: the start of the period of an invoice a billing run made ahead of it (a
 * pricing option's `lead_time`), before which it is pro forma and no payment run takes it. NULL on every
 * other invoice, which is valid as it is made; every invoice stored before this migration is such.
 */
export const invoiceValidFrom = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('subscription_invoices').addColumn('valid_from', timestampType(flavor)).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('subscription_invoices').dropColumn('valid_from').execute();
  },
});
