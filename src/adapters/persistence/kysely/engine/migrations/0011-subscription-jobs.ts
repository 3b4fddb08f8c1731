import type { Kysely } from 'kysely';
import { longTextType, type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

/**
 * Billing, tax and payment runs and imports, one row each, and one row per store and lane whose lock
 * serializes the claims of that lane across instances. A schedule's instant makes at most one job: the
 * unique (schedule_id, scheduled_for) holds it, and jobs made by hand (both NULL) never collide because
 * NULLs are distinct in a unique index on every backend. schedule_id refers to no table: schedules may be
 * deleted while their jobs stay.
 */
export const subscriptionJobs = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    await withTableOptions(
      flavor,
      db.schema
        .createTable('subscription_jobs')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('job_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('external_ref', 'varchar(2048)')
        .addColumn('external_ref_key', 'varchar(32)')
        .addColumn('taxes', longTextType(flavor))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('report', longTextType(flavor))
        .addColumn('error', longTextType(flavor))
        .addColumn('schedule_id', 'varchar(36)')
        .addColumn('scheduled_for', ts)
        .addColumn('lease_until', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('started_at', ts)
        .addColumn('finished_at', ts)
        .addUniqueConstraint('subscription_jobs_schedule_instant', ['schedule_id', 'scheduled_for']),
    ).execute();
    const indexes: ReadonlyArray<[string, string[]]> = [
      ['subscription_jobs_order', ['store_id', 'created_at', 'id']],
      ['subscription_jobs_external_ref', ['store_id', 'external_ref_key', 'created_at', 'id']],
      ['subscription_jobs_lane', ['store_id', 'job_type', 'status', 'created_at']],
      // The recovery sweep reads the unfinished jobs of every store.
      ['subscription_jobs_unfinished', ['status', 'created_at']],
    ];
    for (const [name, columns] of indexes)
      await db.schema.createIndex(name).on('subscription_jobs').columns(columns).execute();
    await withTableOptions(
      flavor,
      db.schema
        .createTable('subscription_job_lanes')
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('lane', 'varchar(16)', (c) => c.notNull())
        .addPrimaryKeyConstraint('subscription_job_lanes_pk', ['store_id', 'lane']),
    ).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('subscription_job_lanes').execute();
    await db.schema.dropTable('subscription_jobs').execute();
  },
});
