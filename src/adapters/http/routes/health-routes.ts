import type Router from '@koa/router';
import type { CheckHealth } from '../../../application/use-cases/check-health.js';
import type { HttpState } from '../http-state.js';
import type { UseCase } from './route-context.js';

/** `GET /health`: 200 while the database answers, 503 while it does not. */
export const healthRoutes = (router: Router<HttpState>, check: UseCase<CheckHealth>): void => {
  router.get('/health', async (ctx) => {
    const { database } = await check.execute();
    ctx.status = database ? 200 : 503;
    ctx.body = { status: database ? 'ok' : 'unavailable', database: database ? 'up' : 'down' };
  });
};
