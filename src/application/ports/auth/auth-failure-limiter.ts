import type { LimiterState } from '../rate-limits/rate-limiter.js';

/**
 * Counts failed authentications per client address (as `domain/auth/client-address.ts` names it: an
 * IPv4 address or an IPv6 /64) with the domain's backoff (`domain/auth/failed-authentication.ts`), apart
 * from every request budget. Instances that share one limiter see each other's failures.
 */
export interface AuthFailureLimiter {
  /** Milliseconds until `address` may try again; 0 when it is not blocked. */
  blockedFor(address: string): Promise<number>;
  /** Counts one failure against `address`; resolves with the block that results (0 while failures are free). */
  recordFailure(address: string): Promise<number>;
  /** `unreachable` when a shared limiter cannot be reached: nothing is blocked then (failing open). */
  state(): Promise<LimiterState>;
}
