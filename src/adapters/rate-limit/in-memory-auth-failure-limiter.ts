import { inject, injectable } from 'inversify';
import type { AuthFailureLimiter } from '../../application/ports/auth/auth-failure-limiter.js';
import type { LimiterState } from '../../application/ports/rate-limits/rate-limiter.js';
import type { Clock } from '../../application/ports/system.js';
import { TOKENS } from '../../application/tokens.js';
import {
  BACKOFF_POLICIES,
  blockedFor,
  keepFor,
  recordFailure,
  type FailureRecord,
  type FailureSubject,
} from '../../domain/auth/failed-authentication.js';

/**
 * Records beyond this are dropped oldest first: a flood of made-up client ids from many addresses must
 * not grow the process without bound. Dropping a record forgets failures, never blocks anyone.
 */
const MAX_RECORDS = 100_000;
const SWEEP_EVERY_MS = 60_000;

const keyOf = (subject: FailureSubject): string => `${subject.kind} ${subject.value}`;

/** The failures seen by this process: exact for one instance; each instance of several counts its own. */
@injectable()
export class InMemoryAuthFailureLimiter implements AuthFailureLimiter {
  // Kept in order of last failure (a record is re-inserted when it changes), so the first is the oldest.
  private readonly records = new Map<string, FailureRecord>();
  private sweptAt = 0;

  constructor(@inject(TOKENS.Clock) private readonly clock: Clock) {}

  async blockedFor(subjects: readonly FailureSubject[]): Promise<number> {
    const now = this.clock.now().getTime();
    return Math.max(0, ...subjects.map((s) => blockedFor(this.records.get(keyOf(s)), now)));
  }

  async recordFailure(subjects: readonly FailureSubject[]): Promise<number> {
    const now = this.clock.now().getTime();
    this.sweep(now);
    let longest = 0;
    for (const subject of subjects) {
      const key = keyOf(subject);
      const record = recordFailure(this.records.get(key), BACKOFF_POLICIES[subject.kind], now);
      this.records.delete(key);
      this.records.set(key, record);
      longest = Math.max(longest, blockedFor(record, now));
    }
    for (const oldest of this.records.keys()) {
      if (this.records.size <= MAX_RECORDS) break;
      this.records.delete(oldest);
    }
    return longest;
  }

  async state(): Promise<LimiterState> {
    return 'local';
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    for (const [key, record] of this.records) {
      const kind = key.slice(0, key.indexOf(' ')) as FailureSubject['kind'];
      if (now - record.lastAt >= keepFor(BACKOFF_POLICIES[kind]) && record.blockedUntil <= now)
        this.records.delete(key);
    }
  }
}
