/**
 * Failed authentication has a budget of its own, apart from any store's request budget: each failure
 * counts against the address it came from. A few failures are free (a mistyped secret, a rotated key
 * not yet deployed everywhere); beyond them each failure blocks the address for twice as long as the
 * one before, up to a ceiling. An address that stops failing is forgotten after a quiet period, and its
 * count starts again from nothing.
 *
 * Failures are never counted against the client id they named. A client id is public (storefronts send
 * it for implicit tokens), so blocking one would let anyone lock its store out of tokens; and a secret
 * carries 256 random bits, so slowing the guesses at one client id buys nothing. Counting only wrong
 * secrets per client id, after the comparison, would not slow a guesser either (the right secret would
 * still be answered), only add a second answer to tell apart.
 */

export interface BackoffPolicy {
  /** Failures that block nothing. */
  readonly freeFailures: number;
  /** The block after the first failure beyond the free ones, in milliseconds; each further one doubles it. */
  readonly firstBlockMs: number;
  readonly maxBlockMs: number;
  /** An address without a failure for this long is forgotten. */
  readonly forgetAfterMs: number;
}

/** An address is one client: it gets few free failures and a long ceiling. */
export const ADDRESS_BACKOFF: BackoffPolicy = {
  freeFailures: 10,
  firstBlockMs: 1_000,
  maxBlockMs: 5 * 60_000,
  forgetAfterMs: 15 * 60_000,
};

/** How long the `failures`-th failure in a row blocks its address (0 while failures are free). */
export const blockAfter = (failures: number, policy: BackoffPolicy): number => {
  const beyond = failures - policy.freeFailures;
  if (beyond <= 0) return 0;
  // 2^31 ms is weeks: past any ceiling, and no overflow to Infinity on the way.
  return Math.min(policy.maxBlockMs, policy.firstBlockMs * 2 ** Math.min(beyond - 1, 31));
};

/**
 * Every distinct block of the policy, in order: the adapters that keep counts elsewhere (Redis) look the
 * block up by count in this table instead of computing it a second way.
 */
export const blockSteps = (policy: BackoffPolicy): readonly number[] => {
  const steps: number[] = [];
  for (let failures = policy.freeFailures + 1; ; failures += 1) {
    const block = blockAfter(failures, policy);
    steps.push(block);
    if (block >= policy.maxBlockMs) return steps;
  }
};

/** What is known of one address's failures. */
export interface FailureRecord {
  readonly failures: number;
  /** When the last failure was counted (ms). */
  readonly lastAt: number;
  /** Until when the address is refused (ms); at or before `lastAt` when it is not blocked. */
  readonly blockedUntil: number;
}

/** The record after one more failure at `now`; a record quiet for `forgetAfterMs` starts again from nothing. */
export const recordFailure = (record: FailureRecord | undefined, policy: BackoffPolicy, now: number): FailureRecord => {
  const previous = record === undefined || now - record.lastAt >= policy.forgetAfterMs ? 0 : record.failures;
  const failures = previous + 1;
  const block = blockAfter(failures, policy);
  return { failures, lastAt: now, blockedUntil: Math.max(record?.blockedUntil ?? 0, now + block) };
};

/** Milliseconds until the address may try again; 0 when it may now. */
export const blockedFor = (record: FailureRecord | undefined, now: number): number =>
  record === undefined ? 0 : Math.max(0, record.blockedUntil - now);

/** How long a record must be kept: until its block is over and it has been quiet long enough to be forgotten. */
export const keepFor = (policy: BackoffPolicy): number => Math.max(policy.forgetAfterMs, policy.maxBlockMs);
