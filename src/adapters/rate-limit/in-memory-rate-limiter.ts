import { inject, injectable } from 'inversify';
import type { LimiterState, RateLimiter } from '../../application/ports/rate-limits/rate-limiter.js';
import type { Clock } from '../../application/ports/system.js';
import { TOKENS } from '../../application/tokens.js';
import { type Admission, admit, type Bucket, type Shares } from '../../domain/rate-limits/admission.js';
import type { Uuid } from '../../domain/shared/uuid.js';

/** A bucket idle this long is full again, so forgetting it changes nothing. */
const IDLE_MS = 2000;

/** The buckets in this process: exact for one instance, and multiplied by the number of instances. */
@injectable()
export class InMemoryRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private sweptAt = 0;

  constructor(@inject(TOKENS.Clock) private readonly clock: Clock) {}

  async admit(storeId: Uuid, keyId: Uuid, shares: Shares): Promise<Omit<Admission, 'reservedBucket' | 'poolBucket'>> {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const own = `${storeId} ${keyId}`;
    const pool = `${storeId} pool`;
    const { reservedBucket, poolBucket, ...admission } = admit(
      shares,
      this.buckets.get(own),
      this.buckets.get(pool),
      now,
    );
    if (shares.reserved > 0) this.buckets.set(own, reservedBucket);
    if (shares.pool > 0) this.buckets.set(pool, poolBucket);
    return admission;
  }

  async state(): Promise<LimiterState> {
    return 'local';
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < IDLE_MS) return;
    this.sweptAt = now;
    for (const [id, bucket] of this.buckets) if (now - bucket.at > IDLE_MS) this.buckets.delete(id);
  }
}
