import { type Kysely, sql } from 'kysely';
import type { SqlFlavor } from '../sql-flavor.js';

/** MySQL names the table an index belongs to; PostgreSQL's index names are unique in the schema. */
const dropIndex = (db: Kysely<any>, flavor: SqlFlavor, name: string) =>
  (flavor === 'mysql' ? db.schema.dropIndex(name).on('subscription_states') : db.schema.dropIndex(name)).execute();

/**
 * Each state change gets its place in its subscription's history: `sequence` 1, 2, 3… assigned under
 * the subscription's row lock, unique per subscription, so the history's order is the order the changes
 * were applied, whatever the clocks said. Existing rows are numbered in their former order.
 */
export const subscriptionStateSequence = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('subscription_states').addColumn('sequence', 'integer').execute();
    const numbered = sql`select id, row_number() over (partition by subscription_id order by created_at, id) as n from subscription_states`;
    await (flavor === 'postgres'
      ? sql`update subscription_states set sequence = numbered.n from (${numbered}) as numbered where subscription_states.id = numbered.id`
      : sql`update subscription_states join (${numbered}) as numbered on subscription_states.id = numbered.id set subscription_states.sequence = numbered.n`
    ).execute(db);
    await (flavor === 'postgres'
      ? db.schema.alterTable('subscription_states').alterColumn('sequence', (c) => c.setNotNull())
      : db.schema.alterTable('subscription_states').modifyColumn('sequence', 'integer', (c) => c.notNull())
    ).execute();
    await db.schema
      .createIndex('subscription_states_sequence')
      .unique()
      .on('subscription_states')
      .columns(['subscription_id', 'sequence'])
      .execute();
    await dropIndex(db, flavor, 'subscription_states_history');
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema
      .createIndex('subscription_states_history')
      .on('subscription_states')
      .columns(['subscription_id', 'created_at', 'id'])
      .execute();
    await dropIndex(db, flavor, 'subscription_states_sequence');
    await db.schema.alterTable('subscription_states').dropColumn('sequence').execute();
  },
});
