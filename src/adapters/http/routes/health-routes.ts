import type Router from '@koa/router';
import type { CheckHealth } from '../../../application/use-cases/check-health.js';
import type { HttpState } from '../http-state.js';
import type { UseCase } from './route-context.js';

/**
 * `GET /health`: 200 while the database answers, 503 while it does not. An unreachable Redis does not
 * make the service unhealthy (requests are served, without rate limits), but it is reported.
 */
export const healthRoutes = (router: Router<HttpState>, check: UseCase<CheckHealth>): void => {
  router.get('/health', async (ctx) => {
    const { database, rateLimiter } = await check.execute();
    ctx.status = database ? 200 : 503;
    ctx.body = {
      status: !database ? 'unavailable' : rateLimiter === 'unreachable' ? 'degraded' : 'ok',
      database: database ? 'up' : 'down',
      rate_limiter: rateLimiter === 'local' ? 'in-process' : rateLimiter === 'shared' ? 'redis' : 'redis unreachable: not limiting',
    };
  });
};
