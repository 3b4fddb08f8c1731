import * as E from 'fp-ts/lib/Either.js';
import { type ApiOrigin, apiOrigin } from './api-origin.js';
import { milliseconds } from './http-settings.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Where Stripe's API is reached, and how long one request may take. */
export interface StripeSettings extends ApiOrigin {
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

/** Stripe's API, waited for `DEFAULT_STRIPE_TIMEOUT_MS`. */
export const DEFAULT_STRIPE_SETTINGS: StripeSettings = {
  protocol: 'https',
  host: 'api.stripe.com',
  port: 443,
  timeoutMs: DEFAULT_STRIPE_TIMEOUT_MS,
};
export const DEFAULT_STRIPE_API_BASE = `${DEFAULT_STRIPE_SETTINGS.protocol}://${DEFAULT_STRIPE_SETTINGS.host}`;

/** `STRIPE_API_BASE` (Stripe's own by default; a local stand-in for tests) and `STRIPE_TIMEOUT_MS`. */
export const readStripeSettings = (env: Env): E.Either<readonly string[], StripeSettings> => {
  const raw = env['STRIPE_API_BASE'];
  // Stripe's library is given host, port and protocol, never a path.
  const base = apiOrigin(
    'STRIPE_API_BASE',
    raw === undefined || raw === '' ? DEFAULT_STRIPE_API_BASE : raw,
    DEFAULT_STRIPE_API_BASE,
  );
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
