import path from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import type { IntegrationSettings } from '../../application/ports/integrations/integration-settings.js';
import type { JobSettings } from '../../application/ports/jobs/job-settings.js';
import type { SessionLifetime } from '../../domain/people/console-session.js';
import { readAuditRetentionDays } from './audit-settings.js';
import { type AuthorizeNetSettings, readAuthorizeNetSettings } from './authorize-net-settings.js';
import { readConsoleSessionSettings } from './console-session-settings.js';
import { type DatabaseTarget, databaseTarget } from './database-target.js';
import { type DatabaseTimeouts, readDatabaseTimeouts } from './database-timeouts.js';
import { readGatewayCredentialsKey } from './gateway-credentials-key.js';
import { type HttpSettings, readHttpSettings } from './http-settings.js';
import { type ImportUploadLimits, readImportSettings } from './import-settings.js';
import { readIntegrationSettings } from './integration-settings.js';
import { readJobSettings } from './job-settings.js';
import { readRedisCommandTimeout } from './redis-settings.js';
import { readStripeSettings, type StripeSettings } from './stripe-settings.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  readonly database: DatabaseTarget;
  readonly port: number;
  readonly host: string;
  /** Origin used in `links`; when absent, an allowed request Host or else the listening origin is used. */
  readonly baseUrl: string | undefined;
  readonly logLevel: LogLevel;
  readonly http: HttpSettings;
  readonly databaseTimeouts: DatabaseTimeouts;
  /** What one import upload may hold. */
  readonly imports: ImportUploadLimits;
  /** Redis shared by every instance for request rates; when absent, each process counts its own. */
  readonly redisUrl: string | undefined;
  /** `TEST_CLOCKS=on`: stores' test clocks can be set and moved (an extension for testing billing over time). */
  readonly testClocks: boolean;
  /** How long a rate limiter command waits for Redis (`REDIS_COMMAND_TIMEOUT_MS`). */
  readonly redisCommandTimeoutMs: number;
  /** How long a job's claim holds unrenewed (`JOB_LEASE_MS`), and the renewals and recovery sweeps that follow from it. */
  readonly jobs: JobSettings;
  /** Where the first start writes the default store's first key, once, readable by its owner only. */
  readonly bootstrapKeyFile: string;
  /** How webhook receivers are checked, deliveries retried and their logs kept (`INTEGRATIONS_*`). */
  readonly integrations: IntegrationSettings;
  /** How long console sessions last unused and at most (`CONSOLE_SESSION_IDLE_MINUTES`, `CONSOLE_SESSION_MAX_HOURS`). */
  readonly consoleSessions: SessionLifetime;
  /** How many days the audit trail keeps an event (`AUDIT_RETENTION_DAYS`); 0 keeps every event. */
  readonly auditRetentionDays: number;
  /** The key gateway credentials are encrypted with (`GATEWAY_CREDENTIALS_KEY`); none, none can be stored. */
  readonly gatewayCredentialsKey: Buffer | undefined;
  /** Where Stripe's API is (`STRIPE_API_BASE`) and how long a request to it waits (`STRIPE_TIMEOUT_MS`). */
  readonly stripe: StripeSettings;
  /** Where Authorize.Net's API is (`AUTHORIZE_NET_API_BASE`) and how long a request to it waits (`AUTHORIZE_NET_TIMEOUT_MS`). */
  readonly authorizeNet: AuthorizeNetSettings;
}

export const DEFAULT_DATA_DIR = '.data/pglite';
export const DEFAULT_HOST = '127.0.0.1';
const BOOTSTRAP_KEY_FILE_NAME = 'bootstrap-key.txt';

type Env = Readonly<Record<string, string | undefined>>;

const port = (raw: string | undefined): E.Either<string, number> => {
  if (raw === undefined || raw === '') return E.right(3000);
  const n = Number(raw);
  return /^[0-9]+$/.test(raw) && n >= 0 && n <= 65535
    ? E.right(n)
    : E.left(`PORT must be an integer between 0 and 65535, got "${raw}"`);
};

const baseUrl = (raw: string | undefined): E.Either<string, string | undefined> => {
  if (raw === undefined || raw === '') return E.right(undefined);
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    return E.right(url.origin + url.pathname.replace(/\/+$/, ''));
  } catch {
    return E.left(`BASE_URL must be an absolute http(s) URL, got "${raw}"`);
  }
};

const redisUrl = (raw: string | undefined): E.Either<string, string | undefined> => {
  if (raw === undefined || raw === '') return E.right(undefined);
  return /^rediss?:\/\/\S+$/i.test(raw) ? E.right(raw) : E.left('REDIS_URL must start with redis:// or rediss://');
};

const logLevel = (raw: string | undefined): E.Either<string, LogLevel> => {
  if (raw === undefined || raw === '') return E.right('info');
  const level = LOG_LEVELS.find((l) => l === raw);
  return level === undefined
    ? E.left(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`)
    : E.right(level);
};

const database = (env: Env): E.Either<string, DatabaseTarget> => {
  const target = databaseTarget(env['DATABASE_URL'], env['DATA_DIR'] || DEFAULT_DATA_DIR);
  return target === undefined
    ? E.left(
        'DATABASE_URL must start with postgres://, postgresql://, mysql:// or mariadb:// (or be unset for the embedded database)',
      )
    : E.right(target);
};

const onOff = (name: string, raw: string | undefined): E.Either<string, boolean> =>
  raw === undefined || raw === '' || raw === 'off'
    ? E.right(false)
    : raw === 'on'
      ? E.right(true)
      : E.left(`${name} must be on or off`);

/** Decodes the environment once; every bad variable is reported, each by name. */
export const readConfig = (env: Env): E.Either<readonly string[], AppConfig> => {
  const parts = {
    database: database(env),
    port: port(env['PORT']),
    baseUrl: baseUrl(env['BASE_URL']),
    logLevel: logLevel(env['LOG_LEVEL']),
    redisUrl: redisUrl(env['REDIS_URL']),
    testClocks: onOff('TEST_CLOCKS', env['TEST_CLOCKS']),
    jobs: readJobSettings(env),
    redisCommandTimeoutMs: readRedisCommandTimeout(env),
    auditRetentionDays: readAuditRetentionDays(env),
    gatewayCredentialsKey: readGatewayCredentialsKey(env),
  };
  const http = readHttpSettings(env);
  const timeouts = readDatabaseTimeouts(env);
  const imports = readImportSettings(env);
  const integrations = readIntegrationSettings(env);
  const consoleSessions = readConsoleSessionSettings(env);
  const stripe = readStripeSettings(env);
  const authorizeNet = readAuthorizeNetSettings(env);
  const errors = [
    ...(E.isLeft(consoleSessions) ? consoleSessions.left : []),
    ...(E.isLeft(integrations) ? integrations.left : []),
    ...Object.values(parts).flatMap((p) => (E.isLeft(p) ? [p.left] : [])),
    ...(E.isLeft(http) ? http.left : []),
    ...(E.isLeft(timeouts) ? timeouts.left : []),
    ...(E.isLeft(imports) ? imports.left : []),
    ...(E.isLeft(stripe) ? stripe.left : []),
    ...(E.isLeft(authorizeNet) ? authorizeNet.left : []),
  ];
  if (
    errors.length > 0 ||
    E.isLeft(parts.database) ||
    E.isLeft(parts.port) ||
    E.isLeft(parts.baseUrl) ||
    E.isLeft(parts.logLevel) ||
    E.isLeft(parts.redisUrl) ||
    E.isLeft(parts.testClocks) ||
    E.isLeft(parts.jobs) ||
    E.isLeft(parts.redisCommandTimeoutMs) ||
    E.isLeft(parts.auditRetentionDays) ||
    E.isLeft(parts.gatewayCredentialsKey) ||
    E.isLeft(http) ||
    E.isLeft(timeouts) ||
    E.isLeft(imports) ||
    E.isLeft(integrations) ||
    E.isLeft(consoleSessions) ||
    E.isLeft(stripe) ||
    E.isLeft(authorizeNet)
  ) {
    return E.left(errors);
  }
  return E.right({
    database: parts.database.right,
    port: parts.port.right,
    // The loopback unless told otherwise, as PostgreSQL and Redis do: /metrics and /docs need no token,
    // and a service reachable from everywhere should be a decision, not a default.
    host: env['HOST'] || DEFAULT_HOST,
    baseUrl: parts.baseUrl.right,
    logLevel: parts.logLevel.right,
    http: http.right,
    databaseTimeouts: timeouts.right,
    imports: imports.right,
    redisUrl: parts.redisUrl.right,
    testClocks: parts.testClocks.right,
    jobs: parts.jobs.right,
    redisCommandTimeoutMs: parts.redisCommandTimeoutMs.right,
    // Beside the embedded database's directory by default: the place an operator already keeps private.
    integrations: integrations.right,
    consoleSessions: consoleSessions.right,
    auditRetentionDays: parts.auditRetentionDays.right,
    gatewayCredentialsKey: parts.gatewayCredentialsKey.right,
    stripe: stripe.right,
    authorizeNet: authorizeNet.right,
    bootstrapKeyFile:
      env['BOOTSTRAP_KEY_FILE'] ||
      path.join(path.dirname(env['DATA_DIR'] || DEFAULT_DATA_DIR), BOOTSTRAP_KEY_FILE_NAME),
  });
};
