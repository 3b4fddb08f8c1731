import type { Kysely } from 'kysely';
import { longTextType, type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

/**
 * Integrations, the outbox of events written in the transaction of the change that caused them, one job per
 * event and integration (its delivery), and the log of every attempt. Jobs and logs go with their
 * integration. `observed_keys` holds the observed keys as `,key,key,` so that the outbox finds the
 * integrations observing a key in the transaction of the change with one indexed query per store.
 */
export const integrations = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    const ts = timestampType(flavor);
    const text = longTextType(flavor);
    await withTableOptions(
      flavor,
      db.schema
        .createTable('integrations')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('name', 'varchar(1024)', (c) => c.notNull())
        .addColumn('description', text)
        .addColumn('enabled', 'boolean', (c) => c.notNull())
        .addColumn('integration_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('observed_keys', text, (c) => c.notNull())
        .addColumn('url', 'varchar(2048)', (c) => c.notNull())
        .addColumn('secret_key', 'varchar(1024)')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull()),
    ).execute();
    await db.schema
      .createIndex('integrations_order')
      .on('integrations')
      .columns(['store_id', 'created_at', 'id'])
      .execute();
    await db.schema.createIndex('integrations_enabled').on('integrations').columns(['store_id', 'enabled']).execute();

    await withTableOptions(
      flavor,
      db.schema
        .createTable('integration_events')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('observed_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('payload', text, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull()),
    ).execute();
    await db.schema
      .createIndex('integration_events_created')
      .on('integration_events')
      .columns(['created_at'])
      .execute();

    await withTableOptions(
      flavor,
      db.schema
        .createTable('integration_jobs')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('integration_id', 'varchar(36)', (c) =>
          c.notNull().references('integrations.id').onDelete('cascade'),
        )
        .addColumn('event_id', 'varchar(36)', (c) =>
          c.notNull().references('integration_events.id').onDelete('cascade'),
        )
        .addColumn('observed_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        // Set while pending: when the next attempt is due, and pushed forward by whoever claims it.
        .addColumn('due_at', ts)
        // Who claimed the latest attempt: one claim statement marks a batch, and one read finds it.
        .addColumn('claim_token', 'varchar(36)')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull()),
    ).execute();
    const jobIndexes: ReadonlyArray<[string, string[]]> = [
      ['integration_jobs_order', ['store_id', 'integration_id', 'created_at', 'id']],
      ['integration_jobs_due', ['status', 'due_at']],
      ['integration_jobs_event', ['event_id']],
      ['integration_jobs_updated', ['status', 'updated_at']],
      ['integration_jobs_claim', ['claim_token']],
    ];
    for (const [name, columns] of jobIndexes)
      await db.schema.createIndex(name).on('integration_jobs').columns(columns).execute();

    await withTableOptions(
      flavor,
      db.schema
        .createTable('integration_logs')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('integration_id', 'varchar(36)', (c) =>
          c.notNull().references('integrations.id').onDelete('cascade'),
        )
        .addColumn('job_id', 'varchar(36)', (c) => c.notNull().references('integration_jobs.id').onDelete('cascade'))
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('succeeded', 'boolean', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('body', text, (c) => c.notNull())
        .addColumn('error_detail', text)
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull()),
    ).execute();
    const logIndexes: ReadonlyArray<[string, string[]]> = [
      ['integration_logs_store', ['store_id', 'created_at', 'id']],
      ['integration_logs_integration', ['integration_id', 'created_at', 'id']],
      ['integration_logs_job', ['job_id', 'created_at', 'id']],
      ['integration_logs_created', ['created_at']],
    ];
    for (const [name, columns] of logIndexes)
      await db.schema.createIndex(name).on('integration_logs').columns(columns).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const table of ['integration_logs', 'integration_jobs', 'integration_events', 'integrations'])
      await db.schema.dropTable(table).execute();
  },
});
