import type { StartedConsoleSession } from '../../../application/use-cases/people/start-console-session.js';
import type { HttpContext } from '../http-state.js';

/**
 * Over TLS the cookie takes the `__Host-` prefix, which browsers accept only with `Secure`, `Path=/` and no
 * `Domain`, so neither a sibling subdomain nor a plain-HTTP page can plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = '__Host-console-session';
/** Without TLS (a console on loopback) a `Secure` cookie would never come back, so it goes without the prefix. */
export const PLAIN_SESSION_COOKIE = 'console-session';

type CookieContext = Pick<HttpContext, 'secure' | 'state' | 'append' | 'get'>;

/** Whether the browser reached the service over TLS: its own, or a trusted proxy's in front of it. */
export const overTls = (ctx: Pick<HttpContext, 'secure' | 'state'>): boolean => ctx.state.overTls ?? ctx.secure;

export const sessionCookieName = (ctx: Pick<HttpContext, 'secure' | 'state'>): string =>
  overTls(ctx) ? SECURE_SESSION_COOKIE : PLAIN_SESSION_COOKIE;

const attributes = (ctx: CookieContext): string => `Path=/; HttpOnly; SameSite=Strict${overTls(ctx) ? '; Secure' : ''}`;

/**
 * Hands the browser its session id. The cookie lasts until the session's absolute end; the idle end is the
 * service's to enforce. The page never sees it (`HttpOnly`), and no other site's request carries it
 * (`SameSite=Strict`).
 */
export const setSessionCookie = (ctx: CookieContext, started: StartedConsoleSession): void => {
  ctx.append(
    'Set-Cookie',
    `${sessionCookieName(ctx)}=${started.sessionToken}; ${attributes(ctx)}; Expires=${started.expiresAt.toUTCString()}`,
  );
};

/** Tells the browser to forget its session id. */
export const clearSessionCookie = (ctx: CookieContext): void => {
  ctx.append('Set-Cookie', `${sessionCookieName(ctx)}=; ${attributes(ctx)}; Max-Age=0`);
};

/** The session id the request carries, if any: the cookie of the name its transport calls for. */
export const sessionTokenOf = (ctx: CookieContext): string | undefined => {
  const name = sessionCookieName(ctx);
  for (const pair of ctx.get('Cookie').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).trim();
    return value === '' ? undefined : value;
  }
  return undefined;
};
