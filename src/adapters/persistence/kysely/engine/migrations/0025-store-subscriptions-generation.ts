import type { Kysely } from 'kysely';

/**
 * The subscriptions generation a store speaks on its un-prefixed paths: a column of the store, as its page
 * length is, because every request to a subscriptions path reads it with the store. Existing stores speak
 * 2024, as they always have.
 */
export const storeSubscriptionsGeneration = () => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable('stores')
      .addColumn('subscriptions_generation', 'varchar(4)', (c) => c.notNull().defaultTo('2024'))
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('stores').dropColumn('subscriptions_generation').execute();
  },
});
