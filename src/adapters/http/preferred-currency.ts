import type { HttpContext } from './http-state.js';

/** Three letters in any case: a currency header is read case-insensitively, as EPCC reads it. */
export const CURRENCY_HEADER_PATTERN = /^[A-Za-z]{3}$/;

/** The currency a client prefers for display prices, as EPCC clients send it. */
export const preferredCurrency = (ctx: HttpContext): string | undefined => {
  const header = ctx.get('X-Moltin-Currency') || ctx.get('EP-Currency');
  return CURRENCY_HEADER_PATTERN.test(header) ? header.toUpperCase() : undefined;
};
