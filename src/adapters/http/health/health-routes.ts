import type Router from '@koa/router';
import type { LimiterState } from '../../../application/ports/rate-limits/rate-limiter.js';
import type { CheckHealth } from '../../../application/use-cases/health/check-health.js';
import type { CheckReadiness } from '../../../application/use-cases/health/check-readiness.js';
import type { HttpState } from '../http-state.js';
import type { UseCase } from '../routes/route-context.js';

const REDIS_CHECK: Record<LimiterState, 'up' | 'down' | 'not_configured'> = {
  local: 'not_configured',
  shared: 'up',
  unreachable: 'down',
};

/**
 * `GET /health`: 200 while the database answers, 503 while it does not. An unreachable Redis does not
 * make the service unhealthy (requests are served, without rate limits), but it is reported.
 * `GET /health/live`: the process answers. `GET /health/ready`: the database answers with the schema this
 * build expects; `degraded` (still 200) while a configured Redis cannot be reached.
 */
export const healthRoutes = (
  router: Router<HttpState>,
  check: UseCase<CheckHealth>,
  readiness: UseCase<CheckReadiness>,
  testClocks = false,
): void => {
  router.get('/health', async (ctx) => {
    const { database, rateLimiter } = await check.execute();
    ctx.status = database ? 200 : 503;
    ctx.body = {
      status: !database ? 'unavailable' : rateLimiter === 'unreachable' ? 'degraded' : 'ok',
      database: database ? 'up' : 'down',
      rate_limiter:
        rateLimiter === 'local' ? 'in-process' : rateLimiter === 'shared' ? 'redis' : 'redis unreachable: not limiting',
    };
  });

  router.get('/health/live', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });

  router.get('/health/ready', async (ctx) => {
    const ready = await readiness.execute();
    ctx.status = ready.ready ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      status: !ready.ready ? 'not_ready' : ready.degraded ? 'degraded' : 'ready',
      checks: {
        database: ready.database ? 'up' : 'down',
        migrations: ready.schema,
        redis: REDIS_CHECK[ready.rateLimiter],
      },
      // Said wherever the instance is looked at: its stores' billing may run on clocks of their own.
      ...(testClocks ? { test_clocks: 'on' } : {}),
    };
  });
};
