import type { LimiterState } from '../../../application/ports/rate-limits/rate-limiter.js';
import { TOKENS } from '../../../application/tokens.js';
import { CheckHealth } from '../../../application/use-cases/health/check-health.js';
import { CheckReadiness } from '../../../application/use-cases/health/check-readiness.js';
import type { AppMetrics } from '../../metrics/app-metrics.js';
import { concept } from '../endpoints/endpoint.js';
import type { Schema } from '../openapi/openapi-types.js';
import { jsonContent } from '../openapi/operation-builder.js';
import { closedObject, oneOfStrings } from '../openapi/schema-builders.js';
import type { UseCase } from '../routes/route-context.js';

const TAG = 'Operations';
const EXTENSION = 'Not in EPCC: for operators, load balancers and orchestrators.';

const health: Schema = closedObject({
  status: oneOfStrings(
    ['ok', 'degraded', 'unavailable'],
    '`degraded`: the shared rate limiter (Redis) is unreachable and requests are served without rate limits.',
  ),
  database: oneOfStrings(['up', 'down']),
  rate_limiter: oneOfStrings(['in-process', 'redis', 'redis unreachable: not limiting']),
});

const readiness: Schema = closedObject(
  {
    status: oneOfStrings(
      ['ready', 'degraded', 'not_ready'],
      '`degraded`: ready, but the shared rate limiter (Redis) is unreachable and requests are served without rate limits.',
    ),
    checks: closedObject({
      database: oneOfStrings(['up', 'down']),
      migrations: oneOfStrings(['current', 'pending', 'unknown']),
      redis: oneOfStrings(['up', 'down', 'not_configured']),
    }),
    test_clocks: {
      type: 'string',
      const: 'on',
      description:
        "(`TEST_CLOCKS=on` only) stores' test clocks can be set: their billing may run on time of their own.",
    },
  },
  ['test_clocks'],
);

const HEALTH_SCHEMAS = {
  Health: health,
  Liveness: closedObject({ status: { type: 'string', const: 'ok' } }),
  Readiness: readiness,
};

interface OperationsUseCases {
  readonly check: UseCase<CheckHealth>;
  readonly readiness: UseCase<CheckReadiness>;
  readonly metrics: Pick<AppMetrics, 'text' | 'contentType'>;
  /** Said wherever the instance is looked at: its stores' billing may run on clocks of their own. */
  readonly testClocks: boolean;
}

const REDIS_CHECK: Record<LimiterState, 'up' | 'down' | 'not_configured'> = {
  local: 'not_configured',
  shared: 'up',
  unreachable: 'down',
};

/**
 * `GET /health`: 200 while the database answers, 503 while it does not. An unreachable Redis does not
 * make the service unhealthy (requests are served, without rate limits), but it is reported.
 * `GET /health/live`: the process answers. `GET /health/ready`: the database answers with the schema this
 * build expects; `degraded` (still 200) while a configured Redis cannot be reached. `GET /metrics`: the
 * app's metrics in Prometheus's text format. None needs a token, as probes and scrapers carry none:
 * operators keep `/metrics` off the public network (see docs/operations.md).
 */
export const OPERATIONS_ENDPOINTS = concept<OperationsUseCases>({
  useCases: ({ use, container, metrics }) => ({
    check: use(CheckHealth),
    readiness: use(CheckReadiness),
    metrics,
    testClocks: container.get(TOKENS.TestClockSettings).enabled,
  }),
  schemas: HEALTH_SCHEMAS,
  endpoints: [
    {
      method: 'get',
      path: '/health',
      spec: {
        operationId: 'getHealth',
        summary: 'Service health',
        description: `${EXTENSION} 200 while the database answers, 503 while it does not; an unreachable Redis is reported but does not make the service unhealthy.`,
        tag: TAG,
        access: 'public',
        database: false,
        extension: true,
        success: {
          '200': {
            description: 'The database answers.',
            content: jsonContent({ $ref: '#/components/schemas/Health' }),
          },
          '503': {
            description: 'The database does not answer.',
            content: jsonContent({ $ref: '#/components/schemas/Health' }),
          },
        },
      },
      handle:
        ({ check }) =>
        async (ctx) => {
          const { database, rateLimiter } = await check.execute();
          ctx.status = database ? 200 : 503;
          ctx.body = {
            status: !database ? 'unavailable' : rateLimiter === 'unreachable' ? 'degraded' : 'ok',
            database: database ? 'up' : 'down',
            rate_limiter:
              rateLimiter === 'local'
                ? 'in-process'
                : rateLimiter === 'shared'
                  ? 'redis'
                  : 'redis unreachable: not limiting',
          };
        },
    },
    {
      method: 'get',
      path: '/health/live',
      spec: {
        operationId: 'getLiveness',
        summary: 'Liveness',
        description: `${EXTENSION} 200 while the process serves requests; it checks nothing else.`,
        tag: TAG,
        access: 'public',
        database: false,
        extension: true,
        success: {
          '200': {
            description: 'The process is alive.',
            content: jsonContent({ $ref: '#/components/schemas/Liveness' }),
          },
        },
      },
      handle: () => (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { status: 'ok' };
      },
    },
    {
      method: 'get',
      path: '/health/ready',
      spec: {
        operationId: 'getReadiness',
        summary: 'Readiness',
        description: `${EXTENSION} 200 when the database is up and its migrations current (status degraded while a configured Redis is down: requests are then served without rate limits); 503 otherwise, with the check that failed.`,
        tag: TAG,
        access: 'public',
        database: false,
        extension: true,
        success: {
          '200': {
            description: 'Ready to serve (`degraded`: without rate limits).',
            content: jsonContent({ $ref: '#/components/schemas/Readiness' }),
          },
          '503': {
            description: 'Not ready; `checks` says why.',
            content: jsonContent({ $ref: '#/components/schemas/Readiness' }),
          },
        },
      },
      handle:
        ({ readiness, testClocks }) =>
        async (ctx) => {
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
            ...(testClocks ? { test_clocks: 'on' } : {}),
          };
        },
    },
    {
      method: 'get',
      path: '/metrics',
      spec: {
        operationId: 'getMetrics',
        summary: 'Prometheus metrics',
        description: `${EXTENSION} The Prometheus text exposition format.`,
        tag: TAG,
        access: 'public',
        database: false,
        extension: true,
        success: {
          '200': {
            description: 'The metrics.',
            content: { 'text/plain; version=0.0.4': { schema: { type: 'string' } } },
          },
        },
      },
      handle:
        ({ metrics }) =>
        async (ctx) => {
          const text = await metrics.text();
          ctx.set('Content-Type', metrics.contentType);
          ctx.set('Cache-Control', 'no-store');
          ctx.body = text;
        },
    },
  ],
});
