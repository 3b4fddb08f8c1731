import { type Kysely, sql } from 'kysely';
import type { SqlFlavor } from '../sql-flavor.js';

const TABLE = 'subscription_invoice_payment_refunds';
const INDEX = `${TABLE}_pending`;
const STORE_INDEX = `${TABLE}_store`;

/**
 * Each payment run first asks again for the store's refunds left pending by a lost answer, walking them
 * in id order: this index serves that walk from the store's pending refunds alone, however many refunds
 * the store has given.
 */
export const pendingRefundsOfStore = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.createIndex(INDEX).on(TABLE).columns(['store_id', 'status', 'id']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    if (flavor === 'mysql') {
      // InnoDB lets this index serve the `store_id` foreign key, dropping its own, and refuses to drop an
      // index a foreign key needs: one of the store's alone takes its place first (unless an earlier down
      // made it; MySQL has no `create index if not exists`, so the catalogue is asked).
      const found = await sql<{ found: number | string }>`select count(*) as found from information_schema.statistics
        where table_schema = database() and table_name = ${TABLE} and index_name = ${STORE_INDEX}`.execute(db);
      if (Number(found.rows[0]?.found ?? 0) === 0)
        await db.schema.createIndex(STORE_INDEX).on(TABLE).column('store_id').execute();
      await db.schema.dropIndex(INDEX).on(TABLE).execute();
    } else await db.schema.dropIndex(INDEX).execute();
  },
});
