import { inject, injectable } from 'inversify';
import type { Selectable } from 'kysely';
import type { IdempotencyClaim, IdempotencyStore } from '../../../application/ports/idempotency-store.js';
import type { IdempotencyRecord, StoredResponse } from '../../../domain/idempotency/idempotency.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { DatabaseHandle } from './open-database.js';
import { PERSISTENCE } from './persistence-tokens.js';
import { storedUuid } from './offering-json.js';
import type { IdempotencyKeysTable } from './schema.js';
import { isUniqueViolation, toNumber } from './sql-flavor.js';

const fromRow = (row: Selectable<IdempotencyKeysTable>): IdempotencyRecord => ({
  storeId: storedUuid('idempotency store', row.store_id),
  key: row.idempotency_key,
  claimId: storedUuid('idempotency claim', row.claim_id),
  fingerprint: row.fingerprint,
  response: row.status === null ? undefined : { status: Number(row.status), body: row.body ?? '' },
  lockedAt: row.locked_at,
  createdAt: row.created_at,
});

const claimRow = (claim: IdempotencyClaim) => ({
  claim_id: claim.claimId,
  fingerprint: claim.fingerprint,
  status: null,
  body: null,
  locked_at: claim.lockedAt,
  created_at: claim.createdAt,
});

/** The primary key (store, key) is what makes a claim atomic across instances. */
@injectable()
export class KyselyIdempotencyStore implements IdempotencyStore {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  async claim(claim: IdempotencyClaim): Promise<IdempotencyRecord | undefined> {
    try {
      await this.handle.db
        .insertInto('idempotency_keys')
        .values({ store_id: claim.storeId, idempotency_key: claim.key, ...claimRow(claim) })
        .execute();
      return undefined;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const existing = await this.find(claim.storeId, claim.key);
    // Released between our insert and this read: try again as if it had never been there.
    return existing ?? this.claim(claim);
  }

  async replace(previous: IdempotencyRecord, claim: IdempotencyClaim): Promise<boolean> {
    const result = await this.handle.db
      .updateTable('idempotency_keys')
      .set(claimRow(claim))
      .where('store_id', '=', previous.storeId)
      .where('idempotency_key', '=', previous.key)
      .where('claim_id', '=', previous.claimId)
      .executeTakeFirst();
    return toNumber(result.numUpdatedRows) === 1;
  }

  async complete(storeId: Uuid, key: string, claimId: Uuid, response: StoredResponse): Promise<void> {
    await this.handle.db
      .updateTable('idempotency_keys')
      .set({ status: response.status, body: response.body })
      .where('store_id', '=', storeId)
      .where('idempotency_key', '=', key)
      .where('claim_id', '=', claimId)
      .execute();
  }

  async release(storeId: Uuid, key: string, claimId: Uuid): Promise<void> {
    await this.handle.db
      .deleteFrom('idempotency_keys')
      .where('store_id', '=', storeId)
      .where('idempotency_key', '=', key)
      .where('claim_id', '=', claimId)
      .execute();
  }

  async deleteCreatedBefore(before: Date): Promise<number> {
    const result = await this.handle.db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
    return toNumber(result.numDeletedRows);
  }

  private async find(storeId: Uuid, key: string): Promise<IdempotencyRecord | undefined> {
    const row = await this.handle.db.selectFrom('idempotency_keys').selectAll().where('store_id', '=', storeId).where('idempotency_key', '=', key).executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  }
}
