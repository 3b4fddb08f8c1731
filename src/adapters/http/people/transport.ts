import type { Middleware } from 'koa';
import type { HttpState } from '../http-state.js';

/**
 * Whether the browser reached the service over TLS, which decides the session cookie's `Secure` and its
 * name. The service's own TLS counts; behind a reverse proxy the operator trusts (`TRUSTED_PROXY_HEADER`
 * set), so does the last `X-Forwarded-Proto` entry, the one that proxy wrote. Without a trusted proxy the
 * header is the client's to invent, and is ignored.
 */
export const transportOf =
  (trustedProxyHeader: string | undefined): Middleware<HttpState> =>
  (ctx, next) => {
    const forwarded = trustedProxyHeader === undefined ? '' : ctx.get('X-Forwarded-Proto');
    const last = forwarded
      .slice(forwarded.lastIndexOf(',') + 1)
      .trim()
      .toLowerCase();
    ctx.state.overTls = ctx.secure || last === 'https';
    return next();
  };
