import type { HttpContext } from '../http-state.js';

/** Every subscriptions route answers with and without the `/v2` prefix: EPCC clients send it, the seed does not. */
export const bothPrefixes = (path: string): string[] => [`/v2${path}`, path];

/** The currency a client prefers for display prices, as EPCC clients send it. */
export const preferredCurrency = (ctx: HttpContext): string | undefined => {
  const header = ctx.get('X-Moltin-Currency') || ctx.get('EP-Currency');
  return /^[A-Za-z]{3}$/.test(header) ? header.toUpperCase() : undefined;
};
