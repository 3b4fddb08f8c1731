import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DEFAULT_REDIS_COMMAND_TIMEOUT_MS } from '../config/redis-settings.js';
import { RedisAuthFailureLimiter } from './redis-auth-failure-limiter.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

export interface OpenRedisLimiter {
  readonly limiter: RedisRateLimiter;
  /** Failed authentications, counted over the same connection. */
  readonly authFailures: RedisAuthFailureLimiter;
  /** Resolves once connected, or false after the connect timeout (requests are then admitted until it connects). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 2000;

/** A rate limiter and a failed-authentication limiter over the Redis at `url`, and how to close their connection. */
export const openRedisLimiter = (
  url: string,
  logger: Logger,
  commandTimeoutMs = DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
): OpenRedisLimiter => {
  const redis = new Redis(url, {
    // A command while disconnected fails at once instead of queueing: the request is admitted (failing
    // open) without waiting, and the client keeps reconnecting in the background.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: commandTimeoutMs,
  });
  // Connection errors are reported once by the limiter; ioredis would otherwise print each retry.
  redis.on('error', () => {});
  const limiter = new RedisRateLimiter(redis, logger);
  return {
    limiter,
    authFailures: new RedisAuthFailureLimiter(redis, logger),
    ready: () =>
      redis.status === 'ready'
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), CONNECT_TIMEOUT_MS);
            redis.once('ready', () => {
              clearTimeout(timer);
              resolve(true);
            });
          }),
    close: async () => {
      limiter.stop();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
};
