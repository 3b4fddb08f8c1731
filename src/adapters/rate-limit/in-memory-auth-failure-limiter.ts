import { inject, injectable } from 'inversify';
import type { AuthFailureLimiter } from '../../application/ports/auth/auth-failure-limiter.js';
import type { LimiterState } from '../../application/ports/rate-limits/rate-limiter.js';
import type { Clock } from '../../application/ports/system.js';
import { TOKENS } from '../../application/tokens.js';
import {
  ADDRESS_BACKOFF,
  blockedFor,
  type FailureRecord,
  keepFor,
  recordFailure,
} from '../../domain/auth/failed-authentication.js';

/**
 * Records beyond this are dropped oldest first: a flood from many addresses must not grow the process
 * without bound. Dropping a record forgets failures, never blocks anyone.
 */
const MAX_RECORDS = 100_000;
const SWEEP_EVERY_MS = 60_000;

/** The failures seen by this process: exact for one instance; each instance of several counts its own. */
@injectable()
export class InMemoryAuthFailureLimiter implements AuthFailureLimiter {
  // Kept in order of last failure (a record is re-inserted when it changes), so the first is the oldest.
  private readonly records = new Map<string, FailureRecord>();
  private sweptAt = 0;

  constructor(@inject(TOKENS.Clock) private readonly clock: Clock) {}

  async blockedFor(address: string): Promise<number> {
    return blockedFor(this.records.get(address), this.clock.now().getTime());
  }

  async recordFailure(address: string): Promise<number> {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const record = recordFailure(this.records.get(address), ADDRESS_BACKOFF, now);
    this.records.delete(address);
    this.records.set(address, record);
    for (const oldest of this.records.keys()) {
      if (this.records.size <= MAX_RECORDS) break;
      this.records.delete(oldest);
    }
    return blockedFor(record, now);
  }

  async state(): Promise<LimiterState> {
    return 'local';
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    for (const [address, record] of this.records)
      if (now - record.lastAt >= keepFor(ADDRESS_BACKOFF) && record.blockedUntil <= now) this.records.delete(address);
  }
}
