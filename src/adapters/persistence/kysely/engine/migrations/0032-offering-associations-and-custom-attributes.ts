import type { Kysely } from 'kysely';
import type { SqlFlavor } from '../sql-flavor.js';

/**
 * EPCC 2025's plan ↔ pricing option associations (the offering's eligibility) and EPCC 2026's plan
 * `custom_attributes`, as JSON never filtered on. NULL reads as before: every product under every plan, and
 * no custom attributes, so existing offerings need no rewrite.
 */
export const offeringAssociationsAndCustomAttributes = (_flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('subscription_offerings').addColumn('pricing_option_associations', 'text').execute();
    await db.schema.alterTable('subscription_offering_products').addColumn('custom_attributes', 'text').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    // Without the columns every offering sells every product under every plan again; subscription snapshots
    // keep theirs as JSON, which the code before this migration reads without them.
    await db.schema.alterTable('subscription_offering_products').dropColumn('custom_attributes').execute();
    await db.schema.alterTable('subscription_offerings').dropColumn('pricing_option_associations').execute();
  },
});
