import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { errorDocument } from '../error-documents.js';
import type { HttpState } from '../http-state.js';

const BODY_LIMIT = '1mb';
const FORM_ROUTES = new Set(['/oauth/access_token']);

/**
 * Write bodies are JSON, except the token endpoint's form. A body of another type is a 415; a bodiless
 * request with any content type passes (EPCC clients send `Content-Type: application/json` on every GET).
 */
export const requireBodyType: Middleware<HttpState> = async (ctx, next) => {
  if (ctx.request.length === 0 || !ctx.request.is('*/*')) return next();
  const allowed = FORM_ROUTES.has(ctx.path) ? ['urlencoded', 'json'] : ['json', '+json'];
  if (ctx.request.is(allowed) === false) {
    ctx.status = 415;
    ctx.body = errorDocument(415, FORM_ROUTES.has(ctx.path) ? 'the request body must be application/x-www-form-urlencoded' : 'the request body must be application/json');
    return;
  }
  return next();
};

export const parseBody = (): Middleware<HttpState> =>
  bodyParser({
    enableTypes: ['json', 'form'],
    jsonLimit: BODY_LIMIT,
    formLimit: '64kb',
    encoding: 'utf-8',
  }) as Middleware<HttpState>;
