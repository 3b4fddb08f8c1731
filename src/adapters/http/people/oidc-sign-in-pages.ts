import { SIGN_IN_FAILURES, type SignInFailure } from '../../../domain/authentication-realms/oidc-sign-in.js';
import type { HttpContext } from '../http-state.js';
import { overTls } from './session-cookie.js';

/** The sign-in pages' policy: no script, no style, nothing loaded; only links back to the console. */
const PAGE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page saying why a sign-in did not happen, with the way back; never a stack nor the provider's words. */
export const signInFailurePage = (
  ctx: Pick<HttpContext, 'status' | 'body' | 'type' | 'set'>,
  status: 403 | 404 | 502,
  message: string,
  back: string,
): void => {
  ctx.status = status;
  ctx.set('Content-Security-Policy', PAGE_POLICY);
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in failed</title></head><body><main><h1>Sign-in failed</h1><p role="alert">${escape(message)}</p><p><a href="${escape(back)}">Back to sign-in</a></p></main></body></html>`;
};

export const failureMessage = (reason: SignInFailure): string => SIGN_IN_FAILURES[reason];

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
