import type { FailureSubject } from '../../../domain/auth/failed-authentication.js';
import type { LimiterState } from '../rate-limits/rate-limiter.js';

/**
 * Counts failed authentications per subject (client id, address) with the domain's backoff
 * (`domain/auth/failed-authentication.ts`), apart from every request budget. Instances that share one
 * limiter see each other's failures.
 */
export interface AuthFailureLimiter {
  /** Milliseconds until every one of `subjects` may try again: the longest of their blocks; 0 when none is blocked. */
  blockedFor(subjects: readonly FailureSubject[]): Promise<number>;
  /** Counts one failure against each subject; resolves with the longest block that results (0 while failures are free). */
  recordFailure(subjects: readonly FailureSubject[]): Promise<number>;
  /** `unreachable` when a shared limiter cannot be reached: nothing is blocked then (failing open). */
  state(): Promise<LimiterState>;
}
