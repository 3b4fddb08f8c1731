import { inject, injectable } from 'inversify';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type {
  IdempotencyClaim,
  IdempotencyStore,
} from '../../../../application/ports/idempotency/idempotency-store.js';
import type { IdempotencyRecord, StoredResponse } from '../../../../domain/idempotency/idempotency.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { IdempotencyKeysTable, Tables } from '../engine/schema.js';
import { isUniqueViolation, toNumber } from '../engine/sql-flavor.js';
import { currentWriteLedger, outsideWriteLedger } from '../engine/write-ledger.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { storedUuid } from '../sql/stored-json.js';

const fromRow = (row: Selectable<IdempotencyKeysTable>): IdempotencyRecord => ({
  storeId: storedUuid('idempotency store', row.store_id),
  key: row.idempotency_key,
  claimId: storedUuid('idempotency claim', row.claim_id),
  fingerprint: row.fingerprint,
  response: row.status === null ? undefined : { status: Number(row.status), body: row.body ?? '' },
  applied: row.applied_at !== null,
  lockedAt: row.locked_at,
  createdAt: row.created_at,
});

const claimRow = (claim: IdempotencyClaim) => ({
  claim_id: claim.claimId,
  fingerprint: claim.fingerprint,
  status: null,
  body: null,
  applied_at: null,
  locked_at: claim.lockedAt,
  created_at: claim.createdAt,
});

/** The record of one claim: the key's, as long as that claim still holds it. */
const ofClaim = (storeId: Uuid, key: string, claimId: Uuid) => (eb: ExpressionBuilder<Tables, 'idempotency_keys'>) =>
  eb.and({ store_id: storeId, idempotency_key: key, claim_id: claimId });

/**
 * The primary key (store, key) is what makes a claim atomic across instances. The store's own statements
 * are bookkeeping about a request, not part of its change: they run outside the request's write ledger.
 */
@injectable()
export class KyselyIdempotencyStore implements IdempotencyStore {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  claim(claim: IdempotencyClaim): Promise<IdempotencyRecord | undefined> {
    return outsideWriteLedger(() => this.claimOutside(claim));
  }

  private async claimOutside(claim: IdempotencyClaim): Promise<IdempotencyRecord | undefined> {
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
    return existing ?? this.claimOutside(claim);
  }

  async replace(previous: IdempotencyRecord, claim: IdempotencyClaim): Promise<boolean> {
    const result = await outsideWriteLedger(() =>
      this.handle.db
        .updateTable('idempotency_keys')
        .set(claimRow(claim))
        .where('store_id', '=', previous.storeId)
        .where('idempotency_key', '=', previous.key)
        .where('claim_id', '=', previous.claimId)
        .executeTakeFirst(),
    );
    return toNumber(result.numUpdatedRows) === 1;
  }

  async complete(storeId: Uuid, key: string, claimId: Uuid, response: StoredResponse): Promise<void> {
    await outsideWriteLedger(() =>
      this.handle.db
        .updateTable('idempotency_keys')
        .set({ status: response.status, body: response.body })
        .where(ofClaim(storeId, key, claimId))
        .execute(),
    );
  }

  async renew(storeId: Uuid, key: string, claimId: Uuid, lockedAt: Date): Promise<void> {
    await outsideWriteLedger(() =>
      this.handle.db
        .updateTable('idempotency_keys')
        .set({ locked_at: lockedAt })
        .where(ofClaim(storeId, key, claimId))
        .execute(),
    );
  }

  markAppliedWithEveryCommit(storeId: Uuid, key: string, claimId: Uuid): void {
    // The mark's time is only a witness; what counts is that it commits with the change or not at all.
    currentWriteLedger()?.alongEveryCommit.push(
      this.handle.db
        .updateTable('idempotency_keys')
        .set({ applied_at: new Date() })
        .where(ofClaim(storeId, key, claimId))
        .compile(),
    );
  }

  async release(storeId: Uuid, key: string, claimId: Uuid): Promise<void> {
    await outsideWriteLedger(() =>
      this.handle.db
        .deleteFrom('idempotency_keys')
        .where(ofClaim(storeId, key, claimId))
        .execute(),
    );
  }

  async deleteCreatedBefore(before: Date): Promise<number> {
    const result = await outsideWriteLedger(() =>
      this.handle.db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst(),
    );
    return toNumber(result.numDeletedRows);
  }

  private async find(storeId: Uuid, key: string): Promise<IdempotencyRecord | undefined> {
    const row = await outsideWriteLedger(() =>
      this.handle.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst(),
    );
    return row === undefined ? undefined : fromRow(row);
  }
}
