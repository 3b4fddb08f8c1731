import type { IdempotencyRecord, StoredResponse } from '../../domain/idempotency/idempotency.js';
import type { Uuid } from '../../domain/shared/uuid.js';

/** A new claim of a key: a record without a response yet. */
export type IdempotencyClaim = Omit<IdempotencyRecord, 'response'>;

/** Where keys and their responses are kept; shared by every instance, so it is the database. */
export interface IdempotencyStore {
  /** Stores the claim unless the store already has a record for the key, which is then returned. Atomic. */
  claim(claim: IdempotencyClaim): Promise<IdempotencyRecord | undefined>;
  /** Replaces `previous` by `claim`, only if `previous` is still the record stored; says whether it was. */
  replace(previous: IdempotencyRecord, claim: IdempotencyClaim): Promise<boolean>;
  /** Keeps the response of the claim `claimId`, if it still holds the key. */
  complete(storeId: Uuid, key: string, claimId: Uuid, response: StoredResponse): Promise<void>;
  /** Forgets the claim `claimId`, if it still holds the key, so that a retry runs the request. */
  release(storeId: Uuid, key: string, claimId: Uuid): Promise<void>;
  /** Deletes records created before `before`; returns how many. */
  deleteCreatedBefore(before: Date): Promise<number>;
}
