import * as E from 'fp-ts/lib/Either.js';
import { DEFAULT_SESSION_LIFETIME, type SessionLifetime } from '../../domain/people/console-session.js';

type Env = Readonly<Record<string, string | undefined>>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const whole = (name: string, raw: string | undefined, fallback: number, max: number): E.Either<string, number> => {
  if (raw === undefined || raw === '') return E.right(fallback);
  const n = Number(raw);
  return /^[0-9]+$/.test(raw) && n >= 1 && n <= max
    ? E.right(n)
    : E.left(`${name} must be a whole number from 1 to ${max}, got "${raw}"`);
};

/**
 * `CONSOLE_SESSION_IDLE_MINUTES` (30 by default, a day at most) and `CONSOLE_SESSION_MAX_HOURS` (12, a
 * month at most): how long a console session lasts unused, and at most however used.
 */
export const readConsoleSessionSettings = (env: Env): E.Either<readonly string[], SessionLifetime> => {
  const idle = whole(
    'CONSOLE_SESSION_IDLE_MINUTES',
    env['CONSOLE_SESSION_IDLE_MINUTES'],
    DEFAULT_SESSION_LIFETIME.idleMs / MINUTE_MS,
    24 * 60,
  );
  const max = whole(
    'CONSOLE_SESSION_MAX_HOURS',
    env['CONSOLE_SESSION_MAX_HOURS'],
    DEFAULT_SESSION_LIFETIME.maxMs / HOUR_MS,
    31 * 24,
  );
  if (E.isLeft(idle) || E.isLeft(max))
    return E.left([...(E.isLeft(idle) ? [idle.left] : []), ...(E.isLeft(max) ? [max.left] : [])]);
  return E.right({ idleMs: idle.right * MINUTE_MS, maxMs: max.right * HOUR_MS });
};
