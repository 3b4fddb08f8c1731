import * as E from 'fp-ts/lib/Either.js';
import type { IntegrationSettings } from '../../application/ports/integrations/integration-settings.js';
import { DEFAULT_RETRY_POLICY } from '../../domain/integrations/delivery-retry.js';
import { milliseconds } from './http-settings.js';

type Env = Readonly<Record<string, string | undefined>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Logs and finished jobs are kept 30 days: long enough to look into a month's failures, short enough to stay small. */
export const DEFAULT_INTEGRATION_RETENTION_MS = 30 * DAY_MS;

export const DEFAULT_INTEGRATION_SETTINGS: IntegrationSettings = {
  allowPrivate: false,
  retry: DEFAULT_RETRY_POLICY,
  retentionMs: DEFAULT_INTEGRATION_RETENTION_MS,
};

const days = (name: string, raw: string | undefined, fallback: number): E.Either<string, number> => {
  if (raw === undefined || raw === '') return E.right(fallback);
  return /^[0-9]{1,4}$/.test(raw) && Number(raw) >= 1
    ? E.right(Number(raw) * DAY_MS)
    : E.left(`${name} must be a whole number of days between 1 and 9999, got "${raw}"`);
};

/**
 * `INTEGRATIONS_ALLOW_PRIVATE` (true|false), `INTEGRATIONS_RETRY_BASE_MS` (the delay before the second
 * attempt, doubling after each failure) and `INTEGRATIONS_LOG_RETENTION_DAYS`.
 */
export const readIntegrationSettings = (env: Env): E.Either<string[], IntegrationSettings> => {
  const raw = env['INTEGRATIONS_ALLOW_PRIVATE'];
  const allowPrivate: E.Either<string, boolean> =
    raw === undefined || raw === '' || raw === 'false'
      ? E.right(false)
      : raw === 'true'
        ? E.right(true)
        : E.left(`INTEGRATIONS_ALLOW_PRIVATE must be true or false, got "${raw}"`);
  const base = milliseconds(
    'INTEGRATIONS_RETRY_BASE_MS',
    env['INTEGRATIONS_RETRY_BASE_MS'],
    DEFAULT_RETRY_POLICY.baseMs,
    1,
  );
  const retention = days(
    'INTEGRATIONS_LOG_RETENTION_DAYS',
    env['INTEGRATIONS_LOG_RETENTION_DAYS'],
    DEFAULT_INTEGRATION_RETENTION_MS / DAY_MS,
  );
  if (E.isLeft(allowPrivate) || E.isLeft(base) || E.isLeft(retention)) {
    return E.left([allowPrivate, base, retention].flatMap((p) => (E.isLeft(p) ? [p.left] : [])));
  }
  return E.right({
    allowPrivate: allowPrivate.right,
    retry: { ...DEFAULT_RETRY_POLICY, baseMs: base.right },
    retentionMs: retention.right,
  });
};
