import type Router from '@koa/router';
import type { AppMetrics } from '../../metrics/app-metrics.js';
import type { HttpState } from '../http-state.js';

/**
 * `GET /metrics`: the app's metrics in Prometheus's text format. It needs no token, as scrapers carry
 * none: operators keep it off the public network (see docs/operations.md).
 */
export const metricsRoutes = (router: Router<HttpState>, metrics: Pick<AppMetrics, 'text' | 'contentType'>): void => {
  router.get('/metrics', async (ctx) => {
    const text = await metrics.text();
    ctx.set('Content-Type', metrics.contentType);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = text;
  });
};
