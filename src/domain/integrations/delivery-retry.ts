/** When failed deliveries are tried again: exponential backoff with jitter, for a bounded time. */
export interface RetryPolicy {
  /** The delay before the second attempt, doubling for each one after (`INTEGRATIONS_RETRY_BASE_MS`). */
  readonly baseMs: number;
  /** No attempt is made later than this after the event (24 hours). */
  readonly giveUpAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseMs: 10_000, giveUpAfterMs: 24 * 60 * 60 * 1000 };

/** The largest exponent used, so that the doubling never overflows whatever the attempt count. */
const MAX_DOUBLINGS = 30;

/**
 * The delay after failed attempt `attempt` (1 for the first): `baseMs * 2^(attempt-1)`, of which a random
 * half is taken off (`random` in [0, 1)), so that deliveries failing together do not retry together.
 */
export const retryDelayMs = (policy: RetryPolicy, attempt: number, random: number): number => {
  const full = policy.baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), MAX_DOUBLINGS);
  return Math.round(full * (1 - random / 2));
};

/** When to try again after a failed attempt, or undefined when the delivery has failed for good. */
export const nextAttemptAt = (
  policy: RetryPolicy,
  eventAt: Date,
  failedAt: Date,
  attempt: number,
  random: number,
): Date | undefined => {
  const next = failedAt.getTime() + retryDelayMs(policy, attempt, random);
  return next - eventAt.getTime() > policy.giveUpAfterMs ? undefined : new Date(next);
};
