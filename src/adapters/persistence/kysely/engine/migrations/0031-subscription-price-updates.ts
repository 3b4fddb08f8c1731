import type { Kysely } from 'kysely';
import { longTextType, type SqlFlavor } from '../sql-flavor.js';

const INDEX = 'subscriptions_offering';
/** `subscription-update` is 19 characters: a job's kind and its lane were 16 at most. */
const KIND_COLUMNS = [
  ['subscription_jobs', 'job_type'],
  ['subscription_job_lanes', 'lane'],
] as const;

const resized = (
  db: Kysely<any>,
  flavor: SqlFlavor,
  table: string,
  column: string,
  type: 'varchar(16)' | 'varchar(32)',
) =>
  flavor === 'mysql'
    ? db.schema.alterTable(table).modifyColumn(column, type, (c) => c.notNull())
    : db.schema.alterTable(table).alterColumn(column, (c) => c.setDataType(type));

/**
 * A `subscription-update` job's kind needs wider `job_type` and `lane` columns. It keeps what it was asked as JSON (never filtered on); every other job has
 * none. An offering's subscriptions are what such a job reaches, read in creation order from the index.
 */
export const subscriptionPriceUpdates = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    for (const [table, column] of KIND_COLUMNS) await resized(db, flavor, table, column, 'varchar(32)').execute();
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
    // The kind did not exist before: its jobs and lanes go, so that the columns fit 16 characters again.
    await db.deleteFrom('subscription_jobs').where('job_type', '=', 'subscription-update').execute();
    await db.deleteFrom('subscription_job_lanes').where('lane', '=', 'subscription-update').execute();
    for (const [table, column] of KIND_COLUMNS) await resized(db, flavor, table, column, 'varchar(16)').execute();
  },
});
