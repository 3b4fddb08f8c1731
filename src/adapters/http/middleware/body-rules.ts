import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { errorDocument } from '../error-documents.js';
import type { HttpState } from '../http-state.js';
import { readJsonBody, UnreadableJson } from '../json-body.js';
import { bodyFailure } from './body-failures.js';

/** The largest body each parser reads, in bytes, counted after decompression. Messages state these figures. */
export const BODY_LIMITS = { json: 1024 * 1024, form: 64 * 1024 } as const;

const FORM_ROUTES = new Set(['/oauth/access_token', '/oauth/revoke']);

/**
 * Routes that read their own body as a stream (import uploads): no type, coding or size rule of the JSON
 * parser applies there; the route states and enforces its own.
 */
const STREAMED_ROUTES = new Set(['/subscriptions/imports', '/v2/subscriptions/imports']);
const isStreamed = (ctx: { readonly method: string; readonly path: string }): boolean =>
  ctx.method === 'POST' && STREAMED_ROUTES.has(withoutTrailingSlashes(ctx.path));

/** The path without its trailing slashes, in one pass: a regex such as `/\/+$/` retries from every slash, quadratic in their number. */
export const withoutTrailingSlashes = (path: string): string => {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f) end -= 1;
  return path.slice(0, end);
};

/** The media types read as JSON: what `requireBodyType` lets through for a JSON route. */
const JSON_TYPES = ['json', '+json'];

/** The codings the parser can undo; content codings are case-insensitive (RFC 9110, 8.4.1). */
const ENCODINGS = new Set(['identity', 'gzip', 'deflate', 'br']);

const hasBody = (ctx: {
  get(field: string): string;
  readonly request: { readonly length?: number | undefined };
}): boolean => ctx.get('Transfer-Encoding') !== '' || (ctx.request.length ?? 0) > 0;

/**
 * Write bodies are JSON, except the token endpoint's form. A body of another type is a 415; a bodiless
 * request with any content type passes (EPCC clients send `Content-Type: application/json` on every GET).
 */
export const requireBodyType: Middleware<HttpState> = async (ctx, next) => {
  if (ctx.request.length === 0 || !ctx.request.is('*/*') || isStreamed(ctx)) return next();
  const allowed = FORM_ROUTES.has(ctx.path) ? ['urlencoded', 'json'] : ['json', '+json'];
  if (ctx.request.is(allowed) === false) {
    ctx.status = 415;
    ctx.body = errorDocument(
      415,
      FORM_ROUTES.has(ctx.path)
        ? 'the request body must be application/x-www-form-urlencoded'
        : 'the request body must be application/json',
    );
    return;
  }
  return next();
};

/** A body in a coding the parser cannot undo is a 415 before a byte of it is read. */
export const requireBodyEncoding: Middleware<HttpState> = async (ctx, next) => {
  const raw = ctx.get('Content-Encoding');
  if (raw === '' || !hasBody(ctx) || isStreamed(ctx)) return next();
  const coding = raw.trim().toLowerCase();
  if (!ENCODINGS.has(coding)) {
    ctx.status = 415;
    ctx.body = errorDocument(
      415,
      `Content-Encoding ${JSON.stringify(raw)} is not supported; use one of ${[...ENCODINGS].join(', ')}`,
    );
    return;
  }
  // The parser matches codings in lower case only.
  ctx.req.headers['content-encoding'] = coding;
  return next();
};

/**
 * Parses JSON and form bodies, JSON up to `jsonLimit` bytes (the token endpoint, read before anyone is
 * authenticated, takes no more JSON than form); a body it cannot read is answered here with what was wrong with it. The
 * parser reads JSON as text (same limits, codings and charset rules), so that its depth is checked
 * before it is parsed (`readJsonBody`). Routes run it only once the request is authenticated (the token
 * endpoint: once its address is not blocked), so nothing is read for a request that will be refused.
 */
export const parseBody = (jsonLimit: number = BODY_LIMITS.json): Middleware<HttpState> => {
  const parser = bodyParser({
    enableTypes: ['form', 'text'],
    // EPCC's RemoveOfferingPlanPricingOptions carries its body on a DELETE.
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    extendTypes: { text: JSON_TYPES },
    formLimit: BODY_LIMITS.form,
    textLimit: jsonLimit,
    encoding: 'utf-8',
  });
  return async (ctx, next) => {
    if (isStreamed(ctx)) return next();
    try {
      // Parsing alone: the routes run outside this try, so their errors are not taken for the body's.
      await parser(ctx, async () => {});
      const text: unknown = ctx.request.body;
      if (typeof text === 'string') ctx.request.body = readJsonBody(text);
    } catch (error) {
      if (error instanceof UnreadableJson) {
        ctx.status = 400;
        ctx.body = errorDocument(400, error.detail);
        return;
      }
      const failure = bodyFailure(error, {
        coding: ctx.get('Content-Encoding') || 'identity',
        form: typeof ctx.request.is('urlencoded') === 'string',
      });
      if (failure === undefined) throw error;
      ctx.status = failure.status;
      ctx.body = errorDocument(failure.status, failure.detail);
      return;
    }
    return next();
  };
};
