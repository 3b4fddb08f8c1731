import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { LimiterState, RateLimiter } from '../../application/ports/rate-limiter.js';
import { describe, type Admission, type AdmissionOutcome, type Shares } from '../../domain/rate-limit/admission.js';
import type { Uuid } from '../../domain/shared/uuid.js';

/**
 * The domain's admission (`admit` in `domain/rate-limit/admission.ts`), run inside Redis so that it is one atomic step for every
 * instance: refill both buckets by Redis's own clock, take from the key's share first, then from the
 * pool, write back, and return what the buckets hold. The headers' figures come from the domain's
 * `describe`, as for the in-process limiter; the contract suite runs the same cases on both.
 */
const SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local function load(key, rate)
  local saved = redis.call('HMGET', key, 't', 'a')
  local tokens, at = tonumber(saved[1]), tonumber(saved[2])
  if tokens == nil or at == nil then return rate, now end
  local elapsed = math.max(0, now - at)
  return math.min(rate, tokens + elapsed * rate / 1000), math.max(now, at)
end
local ownRate, poolRate = tonumber(ARGV[1]), tonumber(ARGV[2])
local own, ownAt = load(KEYS[1], ownRate)
local pool, poolAt = load(KEYS[2], poolRate)
local drawn = 0
if own >= 1 then own = own - 1; drawn = 1 elseif pool >= 1 then pool = pool - 1; drawn = 2 end
if ownRate > 0 then redis.call('HSET', KEYS[1], 't', tostring(own), 'a', ownAt); redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
if poolRate > 0 then redis.call('HSET', KEYS[2], 't', tostring(pool), 'a', poolAt); redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
return { drawn, tostring(own), tostring(pool), now }
`;

/** A bucket idle this long is full again, so Redis may forget it. */
const IDLE_MS = 2000;

type AdmitReply = [number, string, string, number];

/** The script's first reply, by what the request was drawn from. */
const OUTCOMES: readonly AdmissionOutcome[] = ['refused', 'reservation', 'pool'];

/** The command `defineCommand` adds: EVALSHA of the script, loading it first when Redis does not know it. */
type WithAdmit = Redis & { admitRequest(own: string, pool: string, ownRate: number, poolRate: number, idleMs: number): Promise<AdmitReply> };

/**
 * Buckets in Redis, shared by every instance. The store id is the keys' hash tag, so both buckets of a
 * request live in one slot of a Redis Cluster. When Redis cannot be reached, requests are admitted
 * (failing open: the service keeps serving without limits rather than refusing everyone); the outage
 * is logged once when it starts and once when it ends, and `state()` reports it for `/health`.
 */
export class RedisRateLimiter implements RateLimiter {
  private down = false;
  private readonly redis: WithAdmit;

  constructor(
    redis: Redis,
    private readonly logger: Logger,
  ) {
    redis.defineCommand('admitRequest', { numberOfKeys: 2, lua: SCRIPT });
    this.redis = redis as WithAdmit;
  }

  async admit(storeId: Uuid, keyId: Uuid, shares: Shares): Promise<Omit<Admission, 'reservedBucket' | 'poolBucket'>> {
    try {
      const [drawn, own, pool, now] = await this.redis.admitRequest(`rl:{${storeId}}:key:${keyId}`, `rl:{${storeId}}:pool`, shares.reserved, shares.pool, IDLE_MS);
      this.reachable();
      // The buckets as Redis left them after its decision: the domain describes them, it does not decide again.
      return describe(shares, { tokens: Number(own), at: now }, { tokens: Number(pool), at: now }, OUTCOMES[drawn] ?? 'refused');
    } catch (error) {
      this.unreachable(error);
      return { admitted: true, outcome: 'unlimited', limit: shares.reserved + shares.pool, remaining: shares.reserved + shares.pool, resetMs: 0, retryAfterMs: 0 };
    }
  }

  async state(): Promise<LimiterState> {
    try {
      await this.redis.ping();
      this.reachable();
      return 'shared';
    } catch (error) {
      this.unreachable(error);
      return 'unreachable';
    }
  }

  private reachable(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.warn('Redis is reachable again: request rates are limited again');
  }

  private unreachable(error: unknown): void {
    if (this.down) return;
    this.down = true;
    this.logger.warn({ err: error }, 'Redis is unreachable: requests are admitted without rate limits until it is back');
  }
}
