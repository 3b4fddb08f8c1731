import * as E from 'fp-ts/lib/Either.js';
import { milliseconds } from './http-settings.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Where Stripe's API is reached, and how long one request may take. */
export interface StripeSettings {
  readonly protocol: 'http' | 'https';
  readonly host: string;
  readonly port: number;
  /** How long one request waits for Stripe's answer before the attempt is left pending for a later run. */
  readonly timeoutMs: number;
}

/**
 * Stripe answers a confirmed PaymentIntent within a few seconds, card networks included; 20 s leaves room
 * for a slow issuer without holding a payment run on a Stripe that does not answer. Stripe's library waits
 * 80 s by default, sized for interactive checkouts rather than a run of thousands of invoices.
 */
export const DEFAULT_STRIPE_TIMEOUT_MS = 20_000;
/** Below a second, a card network's ordinary delay would leave payments unanswered. */
const MIN_STRIPE_TIMEOUT_MS = 1_000;

const DEFAULT_PORTS = { http: 80, https: 443 } as const;

/** Stripe's API, waited for `DEFAULT_STRIPE_TIMEOUT_MS`. */
export const DEFAULT_STRIPE_SETTINGS: StripeSettings = {
  protocol: 'https',
  host: 'api.stripe.com',
  port: DEFAULT_PORTS.https,
  timeoutMs: DEFAULT_STRIPE_TIMEOUT_MS,
};
export const DEFAULT_STRIPE_API_BASE = `${DEFAULT_STRIPE_SETTINGS.protocol}://${DEFAULT_STRIPE_SETTINGS.host}`;

/** An origin alone (scheme, host, port): Stripe's library is given host, port and protocol, never a path. */
const apiBase = (raw: string | undefined): E.Either<string, Omit<StripeSettings, 'timeoutMs'>> => {
  const problem = E.left(`STRIPE_API_BASE must be an http(s) origin such as ${DEFAULT_STRIPE_API_BASE}, got "${raw}"`);
  let url: URL;
  try {
    url = new URL(raw === undefined || raw === '' ? DEFAULT_STRIPE_API_BASE : raw);
  } catch {
    return problem;
  }
  const protocol = url.protocol === 'https:' ? 'https' : url.protocol === 'http:' ? 'http' : undefined;
  if (protocol === undefined || url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '')
    return problem;
  return E.right({
    protocol,
    // Node's http client takes an IPv6 address without its brackets.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? DEFAULT_PORTS[protocol] : Number(url.port),
  });
};

/** `STRIPE_API_BASE` (Stripe's own by default; a local stand-in for tests) and `STRIPE_TIMEOUT_MS`. */
export const readStripeSettings = (env: Env): E.Either<readonly string[], StripeSettings> => {
  const base = apiBase(env['STRIPE_API_BASE']);
  const timeoutMs = milliseconds(
    'STRIPE_TIMEOUT_MS',
    env['STRIPE_TIMEOUT_MS'],
    DEFAULT_STRIPE_TIMEOUT_MS,
    MIN_STRIPE_TIMEOUT_MS,
  );
  if (E.isLeft(base) || E.isLeft(timeoutMs))
    return E.left([...(E.isLeft(base) ? [base.left] : []), ...(E.isLeft(timeoutMs) ? [timeoutMs.left] : [])]);
  return E.right({ ...base.right, timeoutMs: timeoutMs.right });
};
