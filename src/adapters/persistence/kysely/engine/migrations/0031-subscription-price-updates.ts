import type { Kysely } from 'kysely';
import { longTextType, type SqlFlavor } from '../sql-flavor.js';

const INDEX = 'subscriptions_offering';

/**
 * A `subscription-update` job keeps what it was asked as JSON (never filtered on); every other job has
 * none. An offering's subscriptions are what such a job reaches, read in creation order from the index.
 */
export const subscriptionPriceUpdates = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('subscription_jobs').addColumn('price_update', longTextType(flavor)).execute();
    await db.schema
      .createIndex(INDEX)
      .on('subscriptions')
      .columns(['store_id', 'offering_id', 'created_at', 'id'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await (flavor === 'mysql' ? db.schema.dropIndex(INDEX).on('subscriptions') : db.schema.dropIndex(INDEX)).execute();
    await db.schema.alterTable('subscription_jobs').dropColumn('price_update').execute();
  },
});
