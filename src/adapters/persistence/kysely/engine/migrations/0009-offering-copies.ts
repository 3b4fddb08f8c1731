import type { Kysely } from 'kysely';
import { lookupKey } from '../lookup-key.js';
import type { SqlFlavor } from '../sql-flavor.js';

const TABLE = 'subscription_offering_products';
const INDEX = 'subscription_offering_products_external_ref';
const BATCH = 500;

/** The external reference a stored copy's attributes hold, if any. */
const externalRefOf = (attributes: unknown): string | undefined => {
  const parsed: unknown = typeof attributes === 'string' ? JSON.parse(attributes) : undefined;
  const ref =
    typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)['external_ref'] : undefined;
  return typeof ref === 'string' ? ref : undefined;
};

/**
 * Offerings are filtered on the external references of the products they hold
 * (`in(external_product_refs, …)`): each product copy keeps its reference in a column of its own, with
 * the indexed hash beside it as every long filtered text has. Existing copies are filled in from their
 * attributes, a batch at a time.
 */
export const offeringCopies = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable(TABLE)
      .addColumn('external_ref', 'varchar(2048)')
      .addColumn('external_ref_key', 'varchar(32)')
      .execute();
    let after = '';
    for (;;) {
      const rows = await db
        .selectFrom(TABLE)
        .select(['id', 'attributes'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const row of rows) {
        const ref = externalRefOf(row.attributes);
        if (ref !== undefined)
          await db
            .updateTable(TABLE)
            .set({ external_ref: ref, external_ref_key: lookupKey(ref) })
            .where('id', '=', row.id)
            .execute();
      }
      const last = rows.at(-1);
      if (rows.length < BATCH || last === undefined) break;
      after = String(last.id);
    }
    await db.schema.createIndex(INDEX).on(TABLE).columns(['external_ref_key', 'offering_id']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    // MySQL names the table an index belongs to; PostgreSQL's index names are unique in the schema.
    await (flavor === 'mysql' ? db.schema.dropIndex(INDEX).on(TABLE) : db.schema.dropIndex(INDEX)).execute();
    await db.schema.alterTable(TABLE).dropColumn('external_ref').dropColumn('external_ref_key').execute();
  },
});
