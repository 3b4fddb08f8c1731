import { inject, injectable } from 'inversify';
import type {
  IdempotencyClaim,
  IdempotencyStore,
} from '../../../../application/ports/idempotency/idempotency-store.js';
import type { IdempotencyRecord, StoredResponse } from '../../../../domain/idempotency/idempotency.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

const slot = (storeId: Uuid, key: string): string => `${storeId} ${key}`;

@injectable()
export class InMemoryIdempotencyStore implements IdempotencyStore {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async claim(claim: IdempotencyClaim): Promise<IdempotencyRecord | undefined> {
    const existing = this.state.idempotencyRecords.get(slot(claim.storeId, claim.key));
    if (existing !== undefined) return existing;
    this.state.idempotencyRecords.set(slot(claim.storeId, claim.key), {
      ...claim,
      response: undefined,
      applied: false,
    });
    return undefined;
  }

  async replace(previous: IdempotencyRecord, claim: IdempotencyClaim): Promise<boolean> {
    const at = slot(claim.storeId, claim.key);
    if (this.state.idempotencyRecords.get(at)?.claimId !== previous.claimId) return false;
    this.state.idempotencyRecords.set(at, { ...claim, response: undefined, applied: false });
    return true;
  }

  async complete(storeId: Uuid, key: string, claimId: Uuid, response: StoredResponse): Promise<void> {
    const current = this.state.idempotencyRecords.get(slot(storeId, key));
    if (current?.claimId === claimId) this.state.idempotencyRecords.set(slot(storeId, key), { ...current, response });
  }

  async renew(storeId: Uuid, key: string, claimId: Uuid, lockedAt: Date): Promise<void> {
    const current = this.state.idempotencyRecords.get(slot(storeId, key));
    if (current?.claimId === claimId) this.state.idempotencyRecords.set(slot(storeId, key), { ...current, lockedAt });
  }

  /** Writes in memory are always answered: a request here never ends without knowing what it stored. */
  markAppliedWithEveryCommit(): void {}

  async release(storeId: Uuid, key: string, claimId: Uuid): Promise<void> {
    if (this.state.idempotencyRecords.get(slot(storeId, key))?.claimId === claimId)
      this.state.idempotencyRecords.delete(slot(storeId, key));
  }

  async deleteCreatedBefore(before: Date): Promise<number> {
    let deleted = 0;
    for (const [at, record] of this.state.idempotencyRecords) {
      if (record.createdAt < before) {
        this.state.idempotencyRecords.delete(at);
        deleted += 1;
      }
    }
    return deleted;
  }
}
