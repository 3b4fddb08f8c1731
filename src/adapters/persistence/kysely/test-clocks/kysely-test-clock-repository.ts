import { inject, injectable } from 'inversify';
import type { TestClockRepository } from '../../../../application/ports/test-clocks/store-clock.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { isUniqueViolation, toNumber } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';

/** One row per store whose clock is set; a move is a compare-and-set on the time it held, a clear a compare-and-delete. */
@injectable()
export class KyselyTestClockRepository implements TestClockRepository {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

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
        await this.handle.db.insertInto('store_test_clocks').values({ store_id: storeId, held_at: to }).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    }
    const result = await this.handle.db
      .updateTable('store_test_clocks')
      .set({ held_at: to })
      .where('store_id', '=', storeId)
      .where('held_at', '=', from)
      .executeTakeFirst();
    return toNumber(result.numUpdatedRows) === 1;
  }

  async clear(storeId: Uuid, from: Date): Promise<boolean> {
    const result = await this.handle.db
      .deleteFrom('store_test_clocks')
      .where('store_id', '=', storeId)
      .where('held_at', '=', from)
      .executeTakeFirst();
    return toNumber(result.numDeletedRows) === 1;
  }
}
