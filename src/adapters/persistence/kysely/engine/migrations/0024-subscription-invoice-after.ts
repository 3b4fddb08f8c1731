import { type Kysely, sql } from 'kysely';
import { type SqlFlavor, timestampType } from '../sql-flavor.js';

/** Rows read and written per step when a body is rewritten: the subscriptions never invoiced are few. */
const STEP = 500;

const dateIn = (body: Readonly<Record<string, unknown>>, key: string): Date | undefined =>
  typeof body[key] === 'string' ? new Date(body[key] as string) : undefined;

/**
 * EPCC's `invoice_after` moves with every invoice (the end of the period it invoiced), so it leaves the
 * JSON body, where it never moved and was the anchor paid periods count from, for a column a billing run
 * sets in one statement. Bodies keep the old value, read as the anchor (`billingAnchor` in bodies written
 * since). Each existing subscription's column is the end of its latest invoiced period; one never invoiced
 * (pending, or not billed yet) gets the start of its first period: going live, else creation.
 */
export const subscriptionInvoiceAfter = (flavor: SqlFlavor) => ({
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('subscriptions').addColumn('invoice_after', timestampType(flavor)).execute();
    await sql`update subscriptions set invoice_after = (
      select max(i.billing_period_end) from subscription_invoices i where i.subscription_id = subscriptions.id
    )`.execute(db);
    for (;;) {
      const rows: { id: string; body: string; created_at: Date | string }[] = await db
        .selectFrom('subscriptions')
        .select(['id', 'body', 'created_at'])
        .where('invoice_after', 'is', null)
        .orderBy('id')
        .limit(STEP)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows) {
        const body = JSON.parse(row.body) as Record<string, unknown>;
        const start = dateIn(body, 'goLiveAfter') ?? new Date(row.created_at);
        await db.updateTable('subscriptions').set({ invoice_after: start }).where('id', '=', row.id).execute();
      }
    }
  },
  async down(db: Kysely<any>): Promise<void> {
    // The code before this migration reads the anchor from the body's `invoiceAfter`.
    let after = '';
    for (;;) {
      const rows: { id: string; body: string }[] = await db
        .selectFrom('subscriptions')
        .select(['id', 'body'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(STEP)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows) {
        const { billingAnchor, ...rest } = JSON.parse(row.body) as Record<string, unknown>;
        if (billingAnchor !== undefined)
          await db
            .updateTable('subscriptions')
            .set({ body: JSON.stringify({ ...rest, invoiceAfter: billingAnchor }) })
            .where('id', '=', row.id)
            .execute();
      }
      after = rows[rows.length - 1]!.id;
    }
    await db.schema.alterTable('subscriptions').dropColumn('invoice_after').execute();
  },
});
