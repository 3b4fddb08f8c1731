import type { Kysely } from 'kysely';
import { longTextType, type SqlFlavor, timestampType, withTableOptions } from '../sql-flavor.js';

/** Each filter of `GET /v2/audit-events`, indexed with the list order, as every list's filters are. */
const FILTERED_COLUMNS = ['actor_kind', 'actor_id', 'action', 'resource_type', 'resource_id'] as const;

/**
 * The audit trail: one row per recorded change, written in the change's transaction. `created_at` is when
 * it occurred (the list order's column, as in every list table); `resource_seq` numbers a resource's changes,
 * so its chain reads in order even when two of them share a millisecond. No foreign key to the store: a
 * store's trail is the record of what happened to it, and outlives nothing but its retention.
 */
export const auditEvents = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await withTableOptions(
      flavor,
      db.schema
        .createTable('audit_events')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('store_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('created_at', timestampType(flavor), (c) => c.notNull())
        .addColumn('actor_kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('actor_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('actor_name', 'varchar(255)')
        .addColumn('address', 'varchar(64)')
        .addColumn('action', 'varchar(64)', (c) => c.notNull())
        .addColumn('resource_type', 'varchar(64)', (c) => c.notNull())
        .addColumn('resource_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('resource_seq', 'integer', (c) => c.notNull())
        .addColumn('before_json', longTextType(flavor))
        .addColumn('after_json', longTextType(flavor))
        .addColumn('request_id', 'varchar(128)'),
    ).execute();
    await db.schema
      .createIndex('audit_events_store_order')
      .on('audit_events')
      .columns(['store_id', 'created_at', 'id'])
      .execute();
    for (const column of FILTERED_COLUMNS)
      await db.schema
        .createIndex(`audit_events_store_${column}`)
        .on('audit_events')
        .columns(['store_id', column, 'created_at', 'id'])
        .execute();
    // The resource's chain: its latest change is read at each new one, and its filter is served in order.
    await db.schema
      .createIndex('audit_events_store_resource')
      .on('audit_events')
      .columns(['store_id', 'resource_id', 'resource_seq'])
      .execute();
    await db.schema.createIndex('audit_events_created_at').on('audit_events').column('created_at').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('audit_events').execute();
  },
});
