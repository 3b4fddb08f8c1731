import type { Middleware } from 'koa';
import type { HttpState } from '../http-state.js';

/**
 * Headers every answer carries, errors included: `nosniff`, so that a browser never runs a JSON answer
 * (an echoed value in an error document, say) as a script or a page; and `Cache-Control: no-store`
 * unless the route chose its own caching, since answers hold a store's data and tokens and no shared
 * cache should keep them. Set after the route has answered, so the route's own choice wins.
 */
export const responseHeaders: Middleware<HttpState> = async (ctx, next) => {
  try {
    await next();
  } finally {
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (!ctx.res.hasHeader('Cache-Control')) ctx.set('Cache-Control', 'no-store');
  }
};
