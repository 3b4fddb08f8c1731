import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppMetrics } from '../../metrics/app-metrics.js';
import type { HttpContext, HttpState } from '../http-state.js';

/** The label of every request no route's path matches: one series, whatever paths clients invent. */
export const UNMATCHED_ROUTE = '(unmatched)';

// Node accepts a few dozen methods; the rest share one label.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The template of the route whose path matched, e.g. `/v2/application-keys/:id`. */
const routeOf = (ctx: HttpContext, router: Router<HttpState>): string => {
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  // The router did not run the route (a 405, or a body refused before routing): the path's template all the same.
  const layer = router.match(ctx.path, ctx.method).path.find((l) => typeof l.path === 'string');
  return layer === undefined ? UNMATCHED_ROUTE : String(layer.path);
};

/** Counts and times every request by method, route template and status. */
export const requestMetrics =
  (metrics: Pick<AppMetrics, 'request'>, router: Router<HttpState>): Middleware<HttpState> =>
  async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.request(METHODS.has(ctx.method) ? ctx.method : 'other', routeOf(ctx, router), ctx.status, seconds);
    }
  };
