import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { ANY_ORIGIN, allowsOrigin, type CorsSettings } from '../../../domain/settings/cors-settings.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { BrowserRoutes } from '../cors/browser-routes.js';
import { ALLOWED_REQUEST_HEADERS, EXPOSED_HEADERS, PREFLIGHT_MAX_AGE_SECONDS } from '../cors/cors-headers.js';
import { errorDocument } from '../error-documents.js';
import type { HttpContext, HttpState } from '../http-state.js';

export interface CrossOriginOptions {
  readonly routes: BrowserRoutes;
  /** The deployment's `CORS_ADMIN_ORIGINS`: origins every route answers, the merchant's and the console's too. */
  readonly adminOrigins: readonly string[];
  /** The store's CORS settings; undefined when there is no such store. */
  readonly storeSettings: (storeId: Uuid) => Promise<CorsSettings | undefined>;
  readonly logger: Logger;
}

/** The value of `Access-Control-Allow-Origin` for an answer, or undefined for none. */
type Allowance = string | undefined;

const preflight = (ctx: HttpContext, options: CrossOriginOptions, origin: string, requested: string): void => {
  const admin = options.adminOrigins.includes(origin);
  const methods = options.routes.methods(ctx.path, admin);
  ctx.vary('Origin');
  ctx.vary('Access-Control-Request-Method');
  if (!methods.includes(requested.toUpperCase())) {
    ctx.status = 403;
    ctx.body = errorDocument(
      403,
      `${requested} ${ctx.path} is not open to pages of ${origin}: browsers may call the token endpoints, the subscription catalogue and a shopper's own records from any origin, and the rest only from the deployment's CORS_ADMIN_ORIGINS`,
      'origin_not_allowed',
    );
    return;
  }
  // No token, so no store: any origin may ask; the answer itself carries the store's decision.
  ctx.status = 204;
  ctx.set('Access-Control-Allow-Origin', admin ? origin : ANY_ORIGIN);
  ctx.set('Access-Control-Allow-Methods', methods.join(', '));
  ctx.set('Access-Control-Allow-Headers', ALLOWED_REQUEST_HEADERS.join(', '));
  ctx.set('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
};

const allowance = async (ctx: HttpContext, options: CrossOriginOptions, origin: string): Promise<Allowance> => {
  if (options.adminOrigins.includes(origin)) return origin;
  const storeId = ctx.state.callerStoreId;
  // A caller nobody recognized (a 401, a 400 before any token was looked at) learns nothing of a store.
  if (storeId === undefined) return ANY_ORIGIN;
  try {
    const settings = await options.storeSettings(storeId);
    if (settings === undefined || !allowsOrigin(settings, origin)) return undefined;
    return settings.allowedOrigins === ANY_ORIGIN ? ANY_ORIGIN : origin;
  } catch (err) {
    // The answer is decided already; without the store's list the page is not let read it.
    options.logger.warn({ err, requestId: ctx.state.requestId }, 'the store’s allowed origins could not be read');
    return undefined;
  }
};

/**
 * CORS, for bearer tokens and no cookies (`Access-Control-Allow-Credentials` is never sent). A preflight is
 * answered here, before any guard, so it needs no token and costs no store any of its request budget. An
 * answer of a route open to browsers carries `Access-Control-Allow-Origin` when its store allows the
 * caller's origin (`*` while the store allows any); the other routes answer only the deployment's
 * `CORS_ADMIN_ORIGINS`. Set after the route has answered, errors included, so a page can read a 401,
 * 403 or 429.
 */
export const crossOrigin =
  (options: CrossOriginOptions): Middleware<HttpState> =>
  async (ctx, next) => {
    const origin = ctx.get('Origin');
    const requested = ctx.get('Access-Control-Request-Method');
    if (ctx.method === 'OPTIONS' && origin !== '' && requested !== '')
      return preflight(ctx, options, origin, requested);
    await next();
    const open = options.routes.isOpen(ctx.method, ctx.path);
    if (!open && options.adminOrigins.length === 0) return;
    ctx.vary('Origin');
    if (origin === '' || (!open && !options.adminOrigins.includes(origin))) return;
    const allowed = await allowance(ctx, options, origin);
    if (allowed === undefined) return;
    ctx.set('Access-Control-Allow-Origin', allowed);
    ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
  };
