import type * as E from 'fp-ts/lib/Either.js';
import { DEFAULT_REDIS_COMMAND_TIMEOUT_MS } from '../rate-limit/open-redis-limiter.js';
import { milliseconds } from './http-settings.js';

type Env = Readonly<Record<string, string | undefined>>;

/** `REDIS_COMMAND_TIMEOUT_MS`: how long a rate limiter command may wait for Redis before the request is admitted uncounted. */
export const readRedisCommandTimeout = (env: Env): E.Either<string, number> =>
  milliseconds('REDIS_COMMAND_TIMEOUT_MS', env['REDIS_COMMAND_TIMEOUT_MS'], DEFAULT_REDIS_COMMAND_TIMEOUT_MS, 1);
