import type { Kysely } from 'kysely';
import type { SqlFlavor } from '../sql-flavor.js';

const TABLE = 'subscription_invoice_payment_refunds';

/**
 * A refund asked of a payment's gateway is stored `pending` before the gateway is asked, and `succeeded`
 * once it answers; every refund made before (manual ones, recorded only) is `succeeded`. Pending refunds
 * are found by their payment, whose index the table has.
 */
export const refundStatus = (_flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable(TABLE)
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('succeeded'))
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable(TABLE).dropColumn('status').execute();
  },
});
