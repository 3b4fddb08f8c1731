import type { IdempotencyRecord, StoredResponse } from '../../../domain/idempotency/idempotency.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/** A new claim of a key: a record without a response yet, and nothing applied. */
export type IdempotencyClaim = Omit<IdempotencyRecord, 'response' | 'applied'>;

/** Where keys and their responses are kept; shared by every instance, so it is the database. */
export interface IdempotencyStore {
  /** Stores the claim unless the store already has a record for the key, which is then returned. Atomic. */
  claim(claim: IdempotencyClaim): Promise<IdempotencyRecord | undefined>;
  /** Replaces `previous` by `claim`, only if `previous` is still the record stored; says whether it was. */
  replace(previous: IdempotencyRecord, claim: IdempotencyClaim): Promise<boolean>;
  /** Keeps the response of the claim `claimId`, if it still holds the key. */
  complete(storeId: Uuid, key: string, claimId: Uuid, response: StoredResponse): Promise<void>;
  /** Extends the lease of the claim `claimId` to `lockedAt`, if it still holds the key. */
  renew(storeId: Uuid, key: string, claimId: Uuid, lockedAt: Date): Promise<void>;
  /**
   * From now until the unit of work running now (the request) ends, every transaction it commits also
   * marks the claim as applied, inside that transaction. A store whose commits are always answered (one in
   * this process's memory) may do nothing: its requests never end without knowing their outcome.
   */
  markAppliedWithEveryCommit(storeId: Uuid, key: string, claimId: Uuid): void;
  /** Forgets the claim `claimId`, if it still holds the key, so that a retry runs the request. */
  release(storeId: Uuid, key: string, claimId: Uuid): Promise<void>;
  /** Deletes records created before `before`; returns how many. */
  deleteCreatedBefore(before: Date): Promise<number>;
}
