import { type Kysely, sql } from 'kysely';
import type { SqlFlavor } from '../sql-flavor.js';

/**
 * The `(store_id, id)` index of subscriptions goes: billing batches now take a range of the
 * `(store_id, created_at, id)` index the lists use, and every other read of one subscription goes by its
 * primary key, so the index was only written, by every subscription created or imported and by every
 * change that moves a row. (On InnoDB it also took share locks beside the primary key's, which the
 * billing run's reads had to step around.)
 */
export const subscriptionsWithoutBillingWalk = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await (flavor === 'mysql'
      ? sql`drop index subscriptions_billing_walk on subscriptions`
      : sql`drop index subscriptions_billing_walk`
    ).execute(db);
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.createIndex('subscriptions_billing_walk').on('subscriptions').columns(['store_id', 'id']).execute();
  },
});
