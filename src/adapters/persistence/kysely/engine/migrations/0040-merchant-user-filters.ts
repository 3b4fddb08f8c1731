import type { Kysely } from 'kysely';
import type { SqlFlavor } from '../sql-flavor.js';

/**
 * Every filter of the people's list has its index, in the list's order: `name`, `email` and `role`. Names and
 * emails are at most 255 characters, within every backend's index key, so they are indexed as they are.
 */
const INDEXES = [
  ['merchant_users_name', 'name'],
  ['merchant_users_email_order', 'email'],
  ['merchant_users_role_order', 'role'],
] as const;

export const merchantUserFilters = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    for (const [name, column] of INDEXES)
      await db.schema
        .createIndex(name)
        .on('merchant_users')
        .columns(['store_id', column, 'created_at', 'id'])
        .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    // MySQL names an index within its table; PostgreSQL's `drop index` takes no table.
    for (const [name] of INDEXES)
      await (flavor === 'mysql' ? db.schema.dropIndex(name).on('merchant_users') : db.schema.dropIndex(name)).execute();
  },
});
