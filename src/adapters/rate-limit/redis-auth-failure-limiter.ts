import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AuthFailureLimiter } from '../../application/ports/auth/auth-failure-limiter.js';
import type { LimiterState } from '../../application/ports/rate-limits/rate-limiter.js';
import { ADDRESS_BACKOFF, blockSteps, keepFor } from '../../domain/auth/failed-authentication.js';

/**
 * The domain's `recordFailure` run inside Redis as one atomic step, by Redis's own clock: forget a count
 * quiet for ARGV[3] ms, count one more failure, and block for the step of the policy's table (ARGV[4..],
 * from the domain's `blockSteps`) that the count reaches beyond its ARGV[1] free failures. Replies with the
 * milliseconds the address is now blocked for.
 */
const RECORD = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local saved = redis.call('HMGET', KEYS[1], 'n', 'l', 'b')
local n, last, blocked = tonumber(saved[1]) or 0, tonumber(saved[2]) or 0, tonumber(saved[3]) or 0
if now - last >= tonumber(ARGV[3]) then n = 0 end
n = n + 1
local beyond = n - tonumber(ARGV[1])
if beyond > 0 then blocked = math.max(blocked, now + tonumber(ARGV[3 + math.min(beyond, #ARGV - 3)])) end
redis.call('HSET', KEYS[1], 'n', tostring(n), 'l', tostring(now), 'b', tostring(blocked))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return math.max(0, blocked - now)
`;

/** Milliseconds the address is still blocked for, by Redis's clock. */
const BLOCKED_FOR = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local blocked = tonumber(redis.call('HGET', KEYS[1], 'b')) or 0
return math.max(0, blocked - now)
`;

type WithScripts = Redis & {
  recordAuthFailure(key: string, free: number, keepMs: number, forgetMs: number, ...steps: number[]): Promise<number>;
  authBlockedFor(key: string): Promise<number>;
};

// One key per address, so that every script touches one slot of a Redis Cluster. The `address:` prefix is
// the one counts were kept under when client ids were counted too, so a rolling upgrade keeps them.
const keyOf = (address: string): string => `af:{address:${address}}`;

const ARGUMENTS: [number, number, number, ...number[]] = [
  ADDRESS_BACKOFF.freeFailures,
  keepFor(ADDRESS_BACKOFF),
  ADDRESS_BACKOFF.forgetAfterMs,
  ...blockSteps(ADDRESS_BACKOFF),
];

/**
 * Failure counts in Redis, shared by every instance. When Redis cannot be reached nothing is blocked
 * (failing open, like the request limiter: the credentials are still checked, and a wrong one still
 * fails); the outage is logged once when it starts and once when it ends.
 */
export class RedisAuthFailureLimiter implements AuthFailureLimiter {
  private down = false;
  private readonly redis: WithScripts;

  constructor(
    redis: Redis,
    private readonly logger: Logger,
  ) {
    redis.defineCommand('recordAuthFailure', { numberOfKeys: 1, lua: RECORD });
    redis.defineCommand('authBlockedFor', { numberOfKeys: 1, lua: BLOCKED_FOR });
    this.redis = redis as WithScripts;
  }

  async blockedFor(address: string): Promise<number> {
    return this.reached(async () => this.redis.authBlockedFor(keyOf(address)));
  }

  async recordFailure(address: string): Promise<number> {
    return this.reached(async () => this.redis.recordAuthFailure(keyOf(address), ...ARGUMENTS));
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

  private async reached(run: () => Promise<number>): Promise<number> {
    try {
      const ms = await run();
      this.reachable();
      return ms;
    } catch (error) {
      this.unreachable(error);
      return 0;
    }
  }

  private reachable(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.warn('Redis is reachable again: failed authentications are limited again');
  }

  private unreachable(error: unknown): void {
    if (this.down) return;
    this.down = true;
    this.logger.warn({ err: error }, 'Redis is unreachable: failed authentications are not limited until it is back');
  }
}
