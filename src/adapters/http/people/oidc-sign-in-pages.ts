import { SIGN_IN_FAILURES, type SignInFailure } from '../../../domain/authentication-realms/oidc-sign-in.js';
import type { HttpContext } from '../http-state.js';
import { overTls } from './session-cookie.js';

/** The sign-in pages' policy: no script, no style, nothing loaded; only links back to the console. */
const PAGE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const OIDC_FAILURE_PATH = '/console/oidc/failed';

/**
 * Sends the browser to the page saying why its sign-in did not happen: a redirect, so that the reason is a
 * page of its own (reloadable, and never an error document a browser would show raw).
 */
export const toFailurePage = (
  ctx: Pick<HttpContext, 'status' | 'set' | 'body'>,
  reason: SignInFailure | 'unknown_sign_in',
  prefix: string | undefined,
): void => {
  const query = new URLSearchParams({ reason, ...(prefix === undefined ? {} : { prefix }) });
  seeOther(ctx, `${OIDC_FAILURE_PATH}?${query}`);
};

/** A 303 to `location` with an empty body: Koa's `redirect` would add a text body a browser never shows. */
export const seeOther = (ctx: Pick<HttpContext, 'status' | 'set' | 'body'>, location: string): void => {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Location', location);
  ctx.status = 303;
  ctx.body = '';
};

const UNKNOWN_SIGN_IN = 'There is no such way of signing in to this store.';
const PREFIX = /^[A-Za-z0-9]{2,24}$/;

/** A plain page saying why a sign-in did not happen, with the way back; never a stack nor the provider's words. */
export const signInFailurePage = (
  ctx: Pick<HttpContext, 'status' | 'body' | 'type' | 'set'>,
  reason: string | undefined,
  prefix: string | undefined,
): void => {
  const message =
    reason !== undefined && Object.hasOwn(SIGN_IN_FAILURES, reason)
      ? SIGN_IN_FAILURES[reason as SignInFailure]
      : UNKNOWN_SIGN_IN;
  const back = signInPageOf(prefix !== undefined && PREFIX.test(prefix) ? prefix : undefined);
  ctx.status = 200;
  ctx.set('Content-Security-Policy', PAGE_POLICY);
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in failed</title></head><body><main><h1>Sign-in failed</h1><p role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}">Back to sign-in</a></p></main></body></html>`;
};

/** Where a person goes back to: the sign-in page of the prefix they started from, or the console's. */
export const signInPageOf = (prefix: string | undefined): string =>
  prefix === undefined ? '/console' : `/console/login/${encodeURIComponent(prefix)}`;

/**
 * The browser's half of an attempt: its `state`, in a cookie only the callback receives. `SameSite=Lax`, as
 * the provider's redirect back is a cross-site navigation, which a `Strict` cookie would not go with; the
 * callback signs no one in unless the `state` it brings is this browser's, so a callback link made by someone
 * else cannot sign a victim in as them.
 */
export const STATE_COOKIE = 'console-oidc-state';
const stateAttributes = (ctx: Pick<HttpContext, 'secure' | 'state'>): string =>
  `Path=/console/oidc; HttpOnly; SameSite=Lax${overTls(ctx) ? '; Secure' : ''}`;

export const setStateCookie = (ctx: Pick<HttpContext, 'secure' | 'state' | 'append'>, state: string, seconds: number) =>
  ctx.append('Set-Cookie', `${STATE_COOKIE}=${state}; ${stateAttributes(ctx)}; Max-Age=${seconds}`);

export const clearStateCookie = (ctx: Pick<HttpContext, 'secure' | 'state' | 'append'>) =>
  ctx.append('Set-Cookie', `${STATE_COOKIE}=; ${stateAttributes(ctx)}; Max-Age=0`);

export const stateCookieOf = (ctx: Pick<HttpContext, 'get'>): string | undefined => {
  for (const pair of ctx.get('Cookie').split(';')) {
    const at = pair.indexOf('=');
    if (at >= 0 && pair.slice(0, at).trim() === STATE_COOKIE) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
};
