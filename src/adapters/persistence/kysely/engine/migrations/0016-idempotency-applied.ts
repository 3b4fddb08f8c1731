import type { Kysely } from 'kysely';
import { type SqlFlavor, timestampType } from '../sql-flavor.js';

/**
 * When a keyed request's change was committed, written in the change's own transaction: a request whose
 * commit went unanswered leaves its key without a response, and this tells a retry whether it was stored.
 */
export const idempotencyApplied = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('idempotency_keys').addColumn('applied_at', timestampType(flavor)).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('idempotency_keys').dropColumn('applied_at').execute();
  },
});
