import { inject, injectable } from 'inversify';
import type { TestClockRepository } from '../../../../application/ports/test-clocks/store-clock.js';
import { TEST_CLOCK_AUDIT } from '../../../../domain/audit/audited-records.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { KyselyAuditRecorder } from '../audit/kysely-audit-recorder.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { isUniqueViolation, toNumber } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';

/** One row per store whose clock is set; a move is a compare-and-set on the time it held, a clear a compare-and-delete. */
@injectable()
export class KyselyTestClockRepository implements TestClockRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.AuditRecorder) private readonly audit: KyselyAuditRecorder,
  ) {}

  async find(storeId: Uuid): Promise<Date | undefined> {
    const row = await this.handle.db
      .selectFrom('store_test_clocks')
      .select('held_at')
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    return row === undefined ? undefined : new Date(row.held_at);
  }

  async move(storeId: Uuid, from: Date | undefined, to: Date): Promise<boolean> {
    if (from === undefined) {
      try {
        // The unique violation aborts the transaction, so it is caught outside it.
        await this.handle.db.transaction().execute(async (trx) => {
          await trx.insertInto('store_test_clocks').values({ store_id: storeId, held_at: to }).execute();
          await this.audit.record(trx, storeId, [TEST_CLOCK_AUDIT.created(storeId, { heldAt: to })]);
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    }
    return this.handle.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('store_test_clocks')
        .set({ held_at: to })
        .where('store_id', '=', storeId)
        .where('held_at', '=', from)
        .executeTakeFirst();
      if (toNumber(result.numUpdatedRows) !== 1) return false;
      await this.audit.record(trx, storeId, [TEST_CLOCK_AUDIT.updated(storeId, { heldAt: from }, { heldAt: to })]);
      return true;
    });
  }

  async clear(storeId: Uuid, from: Date): Promise<boolean> {
    return this.handle.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('store_test_clocks')
        .where('store_id', '=', storeId)
        .where('held_at', '=', from)
        .executeTakeFirst();
      if (toNumber(result.numDeletedRows) !== 1) return false;
      await this.audit.record(trx, storeId, [TEST_CLOCK_AUDIT.deleted(storeId, { heldAt: from })]);
      return true;
    });
  }
}
