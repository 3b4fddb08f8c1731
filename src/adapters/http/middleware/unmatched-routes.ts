import type { Middleware } from 'koa';
import { errorDocument } from '../error-documents.js';
import type { HttpState } from '../http-state.js';

/**
 * Gives the router's bare answers an error document: an unknown path is a 404; a known path with
 * another method is a 405 (the router has set `Allow`); an unknown method is a 501.
 */
export const unmatchedRoutes: Middleware<HttpState> = async (ctx, next) => {
  await next();
  if (ctx.body !== undefined && ctx.body !== null) return;
  const status = ctx.status;
  if (status === 404) ctx.body = errorDocument(404, 'no route matches this path');
  else if (status === 405) ctx.body = errorDocument(405, `this path allows ${ctx.response.get('Allow')}`);
  else if (status === 501) ctx.body = errorDocument(501, 'this method is not implemented');
  // Koa turns a body set on a response without an explicit status into a 200.
  ctx.status = status;
};
