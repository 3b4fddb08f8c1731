import type { Kysely } from 'kysely';
import type { SqlFlavor } from '../sql-flavor.js';

const TABLE = 'gateway_settings';
const COLUMNS = [
  ['webhook_secret_sealed', 'varchar(512)'],
  ['webhook_secret_key_id', 'varchar(32)'],
  ['webhook_secret_masked', 'varchar(16)'],
] as const;

/**
 * Stripe's webhook signing secret, a credential of the Stripe Payment Intents gateway kept as the others
 * are: sealed, with the id of the key that sealed it and its mask. Every existing row has none.
 */
export const gatewayWebhookSecret = (_flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    for (const [name, type] of COLUMNS) await db.schema.alterTable(TABLE).addColumn(name, type).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const [name] of COLUMNS) await db.schema.alterTable(TABLE).dropColumn(name).execute();
  },
});
