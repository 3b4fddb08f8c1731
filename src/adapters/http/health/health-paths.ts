import type { PathItem, Schema } from '../openapi/openapi-types.js';
import { jsonContent, operation } from '../openapi/operation-builder.js';
import { closedObject, oneOfStrings } from '../openapi/schema-builders.js';

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

export const HEALTH_SCHEMAS = {
  Health: health,
  Liveness: closedObject({ status: { type: 'string', const: 'ok' } }),
  Readiness: readiness,
};

export const healthPaths: Readonly<Record<string, PathItem>> = {
  '/health': {
    get: operation({
      operationId: 'getHealth',
      summary: 'Service health',
      description: `${EXTENSION} 200 while the database answers, 503 while it does not; an unreachable Redis is reported but does not make the service unhealthy.`,
      tag: TAG,
      access: 'public',
      database: false,
      extension: true,
      success: {
        '200': { description: 'The database answers.', content: jsonContent({ $ref: '#/components/schemas/Health' }) },
        '503': {
          description: 'The database does not answer.',
          content: jsonContent({ $ref: '#/components/schemas/Health' }),
        },
      },
    }),
  },
  '/health/live': {
    get: operation({
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
    }),
  },
  '/health/ready': {
    get: operation({
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
    }),
  },
  '/metrics': {
    get: operation({
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
    }),
  },
};
