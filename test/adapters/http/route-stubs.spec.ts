import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import Koa from 'koa';
import type { ConceptEndpoints, EndpointWiring } from '../../../src/adapters/http/endpoints/endpoint.js';
import { mountEndpoints } from '../../../src/adapters/http/endpoints/mount-endpoints.js';
import { OPERATIONS_ENDPOINTS } from '../../../src/adapters/http/health/health-endpoints.js';
import type { HttpState } from '../../../src/adapters/http/http-state.js';
import { APPLICATION_KEY_ENDPOINTS } from '../../../src/adapters/http/keys/application-key-endpoints.js';
import type { RouteContext } from '../../../src/adapters/http/routes/route-context.js';
import { CheckHealth } from '../../../src/application/use-cases/health/check-health.js';
import type { Readiness } from '../../../src/application/use-cases/health/check-readiness.js';
import { CheckReadiness } from '../../../src/application/use-cases/health/check-readiness.js';
import { DeleteApplicationKey } from '../../../src/application/use-cases/keys/delete-application-key.js';
import { conflict } from '../../../src/domain/shared/errors.js';
import { parseUuid } from '../../../src/domain/shared/uuid.js';

const STORE = parseUuid('3f1c0c1e-2b7a-4c39-9d2e-0d1f2a3b4c5d')!;

/** A guard that lets every request through as one store's client-credentials token. */
const openGuard: RouteContext['guard'] = () => async (ctx, next) => {
  ctx.state.principal = {
    storeId: STORE,
    applicationKeyId: STORE,
    grant: 'client_credentials',
    scopes: null,
    actor: { kind: 'key', id: STORE },
  };
  await next();
};

const serve = async (
  mount: (router: Router<HttpState>) => void,
): Promise<{ url: string; close: () => Promise<void> }> => {
  const router = new Router<HttpState>();
  mount(router);
  const app = new Koa<HttpState>().use(router.routes());
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

const unused = { execute: () => Promise.reject(new Error('not called')) };

/**
 * What a concept's endpoints are wired with: the stubs given by use case, every other use case unused, a
 * container that says test clocks are off, and no metrics.
 */
const stubbedWiring = (stubs: ReadonlyMap<unknown, unknown>): EndpointWiring =>
  ({
    use: (useCase: unknown) => stubs.get(useCase) ?? unused,
    container: { get: () => ({ enabled: false }) },
    metrics: { text: () => Promise.reject(new Error('not called')), contentType: 'text/plain' },
  }) as unknown as EndpointWiring;

const mountConcept = (
  endpoints: ConceptEndpoints,
  router: Router<HttpState>,
  wiring: EndpointWiring,
  routes: RouteContext,
): void => mountEndpoints(router, endpoints.handlers(wiring, routes), routes);

const mountOperations = (router: Router<HttpState>, check: unknown, readiness: unknown): void =>
  mountConcept(
    OPERATIONS_ENDPOINTS,
    router,
    stubbedWiring(
      new Map<unknown, unknown>([
        [CheckHealth, check],
        [CheckReadiness, readiness],
      ]),
    ),
    { guard: openGuard, links: () => 'http://unused' },
  );

describe('HTTP: endpoints take their use cases from the wiring', () => {
  it('answers from a stubbed health check', async () => {
    const api = await serve((router) =>
      mountOperations(router, { execute: async () => ({ database: false, rateLimiter: 'local' }) }, unused),
    );
    try {
      const response = await fetch(`${api.url}/health`);
      expect(response.status).to.equal(503);
      expect(await response.json()).to.deep.equal({
        status: 'unavailable',
        database: 'down',
        rate_limiter: 'in-process',
      });
    } finally {
      await api.close();
    }
  });

  it('words each readiness outcome in the checks document, 503 unless ready, degraded while Redis is down', async () => {
    const outcomes: ReadonlyArray<[Readiness, number, unknown]> = [
      [
        { ready: true, degraded: false, database: true, schema: 'current', rateLimiter: 'shared' },
        200,
        { status: 'ready', checks: { database: 'up', migrations: 'current', redis: 'up' } },
      ],
      [
        { ready: true, degraded: true, database: true, schema: 'current', rateLimiter: 'unreachable' },
        200,
        { status: 'degraded', checks: { database: 'up', migrations: 'current', redis: 'down' } },
      ],
      [
        { ready: true, degraded: false, database: true, schema: 'current', rateLimiter: 'local' },
        200,
        { status: 'ready', checks: { database: 'up', migrations: 'current', redis: 'not_configured' } },
      ],
      [
        { ready: false, degraded: true, database: false, schema: 'unknown', rateLimiter: 'unreachable' },
        503,
        { status: 'not_ready', checks: { database: 'down', migrations: 'unknown', redis: 'down' } },
      ],
      [
        { ready: false, degraded: false, database: true, schema: 'pending', rateLimiter: 'local' },
        503,
        { status: 'not_ready', checks: { database: 'up', migrations: 'pending', redis: 'not_configured' } },
      ],
    ];
    for (const [readiness, status, document] of outcomes) {
      const api = await serve((router) => mountOperations(router, unused, { execute: async () => readiness }));
      try {
        const response = await fetch(`${api.url}/health/ready`);
        expect(response.status).to.equal(status);
        expect(await response.json()).to.deep.equal(document);
      } finally {
        await api.close();
      }
    }
  });

  it('maps a stubbed use case outcome to its status, calling it with the store of the token', async () => {
    const calls: unknown[] = [];
    const remove = {
      execute: async (storeId: typeof STORE, id: string) => {
        calls.push([storeId, id]);
        return E.left(conflict('stubbed', 'in_use'));
      },
    };
    const api = await serve((router) =>
      mountConcept(APPLICATION_KEY_ENDPOINTS, router, stubbedWiring(new Map([[DeleteApplicationKey, remove]])), {
        guard: openGuard,
        links: () => 'http://unused',
      }),
    );
    try {
      const response = await fetch(`${api.url}/v2/application-keys/abc`, { method: 'DELETE' });
      expect(response.status).to.equal(409);
      expect(await response.json()).to.deep.equal({
        errors: [{ status: '409', title: 'Conflict', code: 'in_use', detail: 'stubbed' }],
      });
      expect(calls).to.deep.equal([[STORE, 'abc']]);
    } finally {
      await api.close();
    }
  });
});
