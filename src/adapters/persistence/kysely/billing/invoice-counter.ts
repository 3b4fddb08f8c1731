import type { Transaction } from 'kysely';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { Tables } from '../engine/schema.js';
import { toNumber } from '../engine/sql-flavor.js';

/**
 * Creates the store's counter row at 0 the first time, outside the numbering transaction: on MariaDB a
 * duplicate insert inside it would hold a shared lock on the row, which two overlapping numberings of the
 * store then both try to upgrade, and one would end as a deadlock (as KyselyJobRepository.ensureLane).
 */
export const ensureInvoiceCounter = async (handle: DatabaseHandle, storeId: Uuid): Promise<void> => {
  const insert = handle.db.insertInto('subscription_invoice_numbers').values({ store_id: storeId, last_number: 0 });
  await (handle.flavor === 'mysql'
    ? insert.ignore()
    : insert.onConflict((oc) => oc.column('store_id').doNothing())
  ).execute();
};

/**
 * The store's last invoice number, its counter row locked until the transaction ends: whoever numbers
 * invoices of the store (a billing run, a subscription made with its first invoice) does it one at a time.
 */
export const lockInvoiceCounter = async (trx: Transaction<Tables>, storeId: Uuid): Promise<number> => {
  const counter = await trx
    .selectFrom('subscription_invoice_numbers')
    .select('last_number')
    .where('store_id', '=', storeId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return toNumber(counter.last_number);
};
