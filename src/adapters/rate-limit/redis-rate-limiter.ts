import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { LimiterState, RateLimiter } from '../../application/ports/rate-limits/rate-limiter.js';
import { type Admission, type AdmissionOutcome, describe, type Shares } from '../../domain/rate-limits/admission.js';
import type { Uuid } from '../../domain/shared/uuid.js';
import { CircuitBreaker, type CircuitBreakerOptions, type CircuitState } from '../resilience/circuit-breaker.js';

/**
 * The domain's admission (`admit` in `domain/rate-limits/admission.ts`), run inside Redis so that it is one atomic step for every
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

/**
 * Three failures in a row open the circuit, and it stays open for a second before a probe: a Redis that
 * hiccups once is not given up on, and one that is gone costs three requests their command timeout.
 */
export const REDIS_CIRCUIT: Omit<CircuitBreakerOptions, 'onStateChange'> = { failuresToOpen: 3, openMs: 1000 };

type AdmitReply = [number, string, string, number];

/** The script's first reply, by what the request was drawn from. */
const OUTCOMES: readonly AdmissionOutcome[] = ['refused', 'reservation', 'pool'];

/** The command `defineCommand` adds: EVALSHA of the script, loading it first when Redis does not know it. */
type WithAdmit = Redis & {
  admitRequest(own: string, pool: string, ownRate: number, poolRate: number, idleMs: number): Promise<AdmitReply>;
};

export type FailOpenReason = 'circuit_open' | 'failed';

/**
 * Buckets in Redis, shared by every instance. The store id is the keys' hash tag, so both buckets of a
 * request live in one slot of a Redis Cluster. When Redis cannot be reached, requests are admitted
 * (failing open: the service keeps serving without limits rather than refusing everyone). Every command
 * goes through a circuit breaker: after a few failures in a row (each bounded by the client's command
 * timeout) requests stop asking Redis at all, and a PING in the background once a second asks whether
 * it is back (the half-open probe), so a frozen Redis costs no request anything once the circuit is
 * open. The outage is logged once when the circuit opens and once when it closes again, and `state()`
 * reports it for `/health`.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: WithAdmit;
  readonly circuit: CircuitBreaker;
  private readonly failedOpen: Record<FailOpenReason, number> = { circuit_open: 0, failed: 0 };
  private lostAt = 0;
  private lastError: unknown;
  private probes: NodeJS.Timeout | undefined;
  private readonly openMs: number;

  constructor(
    redis: Redis,
    private readonly logger: Logger,
    breaker: Omit<CircuitBreakerOptions, 'onStateChange'> = REDIS_CIRCUIT,
  ) {
    redis.defineCommand('admitRequest', { numberOfKeys: 2, lua: SCRIPT });
    this.redis = redis as WithAdmit;
    this.openMs = breaker.openMs;
    this.circuit = new CircuitBreaker({ ...breaker, onStateChange: (to, from) => this.changed(to, from) });
  }

  async admit(storeId: Uuid, keyId: Uuid, shares: Shares): Promise<Omit<Admission, 'reservedBucket' | 'poolBucket'>> {
    // Only the background probe asks a Redis that is not known to answer: no request waits on it.
    if (this.circuit.state !== 'closed' || !this.circuit.allows()) return this.unlimited(shares, 'circuit_open');
    try {
      const [drawn, own, pool, now] = await this.redis.admitRequest(
        `rl:{${storeId}}:key:${keyId}`,
        `rl:{${storeId}}:pool`,
        shares.reserved,
        shares.pool,
        IDLE_MS,
      );
      this.circuit.succeeded();
      // The buckets as Redis left them after its decision: the domain describes them, it does not decide again.
      return describe(
        shares,
        { tokens: Number(own), at: now },
        { tokens: Number(pool), at: now },
        OUTCOMES[drawn] ?? 'refused',
      );
    } catch (error) {
      this.lastError = error;
      this.circuit.failed();
      return this.unlimited(shares, 'failed');
    }
  }

  async state(): Promise<LimiterState> {
    return this.circuit.state === 'closed' ? this.ping() : 'unreachable';
  }

  /** Stops the probes of an open circuit; the Redis connection is the caller's to close. */
  stop(): void {
    clearInterval(this.probes);
    this.probes = undefined;
  }

  private async ping(): Promise<LimiterState> {
    const ping = async (): Promise<LimiterState> => {
      // Kept before the circuit hears of the failure, so that the line logged as it opens carries it.
      await this.redis.ping().catch((error: unknown) => {
        this.lastError = error;
        throw error;
      });
      return 'shared';
    };
    return this.circuit.run(ping, (): LimiterState => 'unreachable').catch((): LimiterState => 'unreachable');
  }

  /** Requests admitted without counting, by why: the circuit was open, or the command failed or timed out. */
  failOpenDecisions(): Readonly<Record<FailOpenReason, number>> {
    return { ...this.failedOpen };
  }

  private unlimited(shares: Shares, reason: FailOpenReason): Omit<Admission, 'reservedBucket' | 'poolBucket'> {
    this.failedOpen[reason] += 1;
    const limit = shares.reserved + shares.pool;
    return { admitted: true, outcome: 'unlimited', limit, remaining: limit, resetMs: 0, retryAfterMs: 0 };
  }

  private changed(to: CircuitState, from: CircuitState): void {
    // Probes that fail while Redis stays away are not news: one line when it is lost, one when it is back.
    if (to === 'open' && from === 'closed') {
      this.lostAt = Date.now();
      // The half-open probe: a PING as soon as the circuit lets one through (checked twice an open period).
      this.probes ??= setInterval(() => void this.ping(), this.openMs / 2);
      this.probes.unref();
      this.logger.warn(
        { err: this.lastError },
        'Redis is unreachable: requests are admitted without rate limits until it is back',
      );
    } else if (to === 'closed') {
      this.stop();
      this.logger.warn(
        { outage_ms: Date.now() - this.lostAt },
        'Redis is reachable again: request rates are limited again',
      );
    }
  }
}
