import type * as E from 'fp-ts/lib/Either.js';
import { milliseconds } from './http-settings.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Redis answers the admission script in well under a millisecond on a healthy network; a command that has
 * had no answer after this long is treated as failed (and the request admitted) rather than waited for.
 * Not shorter: the wait includes this process's own event-loop delay, and on a CPU-starved host a tighter
 * bound failed commands that Redis had answered, so that the instance stopped limiting just under load.
 * Kept here rather than beside the Redis client, so that reading the configuration does not load it.
 */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 100;

/** `REDIS_COMMAND_TIMEOUT_MS`: how long a rate limiter command may wait for Redis before the request is admitted uncounted. */
export const readRedisCommandTimeout = (env: Env): E.Either<string, number> =>
  milliseconds('REDIS_COMMAND_TIMEOUT_MS', env['REDIS_COMMAND_TIMEOUT_MS'], DEFAULT_REDIS_COMMAND_TIMEOUT_MS, 1);
