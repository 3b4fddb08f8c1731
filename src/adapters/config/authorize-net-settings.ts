import * as E from 'fp-ts/lib/Either.js';
import { type ApiOrigin, apiOrigin } from './api-origin.js';
import { milliseconds } from './http-settings.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Where Authorize.Net's API is reached, and how long one request may take. */
export interface AuthorizeNetSettings {
  /**
   * Every store's requests go here when set (`AUTHORIZE_NET_API_BASE`: a stand-in, a proxy); unset, each
   * store's gateway settings choose: Authorize.Net's production API, or its sandbox while `test` is on.
   */
  readonly origin?: ApiOrigin;
  /** How long one request waits for Authorize.Net's answer before the attempt is left pending for a later run. */
  readonly timeoutMs: number;
}

export const AUTHORIZE_NET_PRODUCTION_API_BASE = 'https://api.authorize.net';
export const AUTHORIZE_NET_SANDBOX_API_BASE = 'https://apitest.authorize.net';

/** As Stripe's: a card network's answer comes in seconds; a run of thousands of invoices must not wait longer. */
export const DEFAULT_AUTHORIZE_NET_TIMEOUT_MS = 20_000;
/** Below a second, a card network's ordinary delay would leave payments unanswered. */
const MIN_AUTHORIZE_NET_TIMEOUT_MS = 1_000;

export const DEFAULT_AUTHORIZE_NET_SETTINGS: AuthorizeNetSettings = { timeoutMs: DEFAULT_AUTHORIZE_NET_TIMEOUT_MS };

/** `AUTHORIZE_NET_API_BASE` (unset: production, or the sandbox for a store in test mode) and `AUTHORIZE_NET_TIMEOUT_MS`. */
export const readAuthorizeNetSettings = (env: Env): E.Either<readonly string[], AuthorizeNetSettings> => {
  const raw = env['AUTHORIZE_NET_API_BASE'];
  const origin =
    raw === undefined || raw === ''
      ? E.right(undefined)
      : apiOrigin('AUTHORIZE_NET_API_BASE', raw, AUTHORIZE_NET_SANDBOX_API_BASE);
  const timeoutMs = milliseconds(
    'AUTHORIZE_NET_TIMEOUT_MS',
    env['AUTHORIZE_NET_TIMEOUT_MS'],
    DEFAULT_AUTHORIZE_NET_TIMEOUT_MS,
    MIN_AUTHORIZE_NET_TIMEOUT_MS,
  );
  if (E.isLeft(origin) || E.isLeft(timeoutMs))
    return E.left([...(E.isLeft(origin) ? [origin.left] : []), ...(E.isLeft(timeoutMs) ? [timeoutMs.left] : [])]);
  return E.right({ ...(origin.right === undefined ? {} : { origin: origin.right }), timeoutMs: timeoutMs.right });
};
