import type { SelectQueryBuilder, Transaction } from 'kysely';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { Tables } from '../engine/schema.js';

/** A subscription's invoices still pro forma at a change's time, found before the change is decided. */
export interface ProFormaFound {
  /** Their ids, deleted by `withdraw` once the change is made. */
  readonly ids: readonly string[];
  /** The earliest start of their periods, where the subscription's `invoice_after` goes back to. */
  readonly from?: Date;
  /** `valid_from` is not after this: the invoices the change keeps (none when `at` is undefined). */
  readonly at?: Date;
}

/**
 * The subscription's invoices pro forma at `at` (`valid_from` after it: `isProForma`, in SQL), locked as
 * a payment attempt locks one; the subscription's row is locked by the caller.
 */
export const proFormaAt = async (
  trx: Transaction<Tables>,
  subscriptionId: Uuid,
  at: Date | undefined,
): Promise<ProFormaFound> => {
  if (at === undefined) return { ids: [] };
  const rows = await trx
    .selectFrom('subscription_invoices')
    .select(['id', 'billing_period_start'])
    .where('subscription_id', '=', subscriptionId)
    .where('valid_from', '>', at)
    .forUpdate()
    .execute();
  const starts = rows.map((row) => new Date(row.billing_period_start).getTime());
  return starts.length === 0
    ? { ids: [], at }
    : { ids: rows.map((row) => row.id), from: new Date(Math.min(...starts)), at };
};

/** Deletes the invoices `proFormaAt` found: no payment is ever attempted on a pro-forma invoice. */
export const withdraw = async (trx: Transaction<Tables>, found: ProFormaFound): Promise<void> => {
  if (found.ids.length === 0) return;
  await trx
    .deleteFrom('subscription_invoices')
    .where('id', 'in', [...found.ids])
    .execute();
};

/** The query left with the invoices the change keeps: those `proFormaAt` found are left out. */
export const kept = <O>(
  query: SelectQueryBuilder<Tables, 'subscription_invoices', O>,
  found: ProFormaFound,
): SelectQueryBuilder<Tables, 'subscription_invoices', O> =>
  found.ids.length === 0 ? query : query.where('id', 'not in', [...found.ids]);
