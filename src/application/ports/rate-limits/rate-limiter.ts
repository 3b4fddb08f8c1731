import type { Admission, Shares } from '../../../domain/rate-limits/admission.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/** Where the shares' buckets are kept: this process, or a store every instance shares. */
export type LimiterState = 'local' | 'shared' | 'unreachable';

/**
 * Counts requests against a key's share and its store's pool, atomically: two instances sharing one
 * limiter admit a store's budget once, not twice.
 */
export interface RateLimiter {
  admit(storeId: Uuid, keyId: Uuid, shares: Shares): Promise<Omit<Admission, 'reservedBucket' | 'poolBucket'>>;
  /** `unreachable` when a shared limiter cannot be reached: requests are then admitted (failing open). */
  state(): Promise<LimiterState>;
}
