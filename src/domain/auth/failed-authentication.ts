/**
 * Failed authentication has a budget of its own, apart from any store's request budget: each failure
 * counts against the client id it named and against the address it came from. A few failures are
 * free (a mistyped secret, a rotated key not yet deployed everywhere); beyond them each failure blocks
 * its subject for twice as long as the one before, up to a ceiling. A subject that stops failing is
 * forgotten after a quiet period, and its count starts again from nothing.
 */

/** What a failure is counted against. */
export type FailureSubjectKind = 'client_id' | 'address';

export interface FailureSubject {
  readonly kind: FailureSubjectKind;
  readonly value: string;
}

export interface BackoffPolicy {
  /** Failures that block nothing. */
  readonly freeFailures: number;
  /** The block after the first failure beyond the free ones, in milliseconds; each further one doubles it. */
  readonly firstBlockMs: number;
  readonly maxBlockMs: number;
  /** A subject without a failure for this long is forgotten. */
  readonly forgetAfterMs: number;
}

/**
 * An address is one client, so it gets few free failures and a long ceiling. A client id is public and
 * shared by every address that uses it, so a block on it also delays its owner's next token: it gets
 * more free failures and a short ceiling, and only failures from addresses that are not blocked
 * themselves reach it (a blocked address is refused before its request is counted).
 */
export const BACKOFF_POLICIES: Readonly<Record<FailureSubjectKind, BackoffPolicy>> = {
  address: { freeFailures: 10, firstBlockMs: 1_000, maxBlockMs: 5 * 60_000, forgetAfterMs: 15 * 60_000 },
  client_id: { freeFailures: 50, firstBlockMs: 1_000, maxBlockMs: 60_000, forgetAfterMs: 15 * 60_000 },
};

/** How long the `failures`-th failure in a row blocks its subject (0 while failures are free). */
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

/** What is known of one subject's failures. */
export interface FailureRecord {
  readonly failures: number;
  /** When the last failure was counted (ms). */
  readonly lastAt: number;
  /** Until when the subject is refused (ms); at or before `lastAt` when it is not blocked. */
  readonly blockedUntil: number;
}

/** The record after one more failure at `now`; a record quiet for `forgetAfterMs` starts again from nothing. */
export const recordFailure = (record: FailureRecord | undefined, policy: BackoffPolicy, now: number): FailureRecord => {
  const previous = record === undefined || now - record.lastAt >= policy.forgetAfterMs ? 0 : record.failures;
  const failures = previous + 1;
  const block = blockAfter(failures, policy);
  return { failures, lastAt: now, blockedUntil: Math.max(record?.blockedUntil ?? 0, now + block) };
};

/** Milliseconds until the subject may try again; 0 when it may now. */
export const blockedFor = (record: FailureRecord | undefined, now: number): number =>
  record === undefined ? 0 : Math.max(0, record.blockedUntil - now);

/** How long a record must be kept: until its block is over and it has been quiet long enough to be forgotten. */
export const keepFor = (policy: BackoffPolicy): number => Math.max(policy.forgetAfterMs, policy.maxBlockMs);
