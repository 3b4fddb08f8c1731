import type { Kysely } from 'kysely';
import type { SqlFlavor } from '../sql-flavor.js';

/**
 * EPCC's stored status: a billing run that finds a paused or canceled subscription due sets it inactive,
 * and a successful payment sets it active again. Every existing subscription starts active.
 */
export const subscriptionInactive = (_flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable('subscriptions')
      .addColumn('inactive', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('subscriptions').dropColumn('inactive').execute();
  },
});
