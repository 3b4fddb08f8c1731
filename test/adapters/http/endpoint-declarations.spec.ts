import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { expect } from 'chai';
import Koa, { type Middleware } from 'koa';
import { API_ENDPOINTS } from '../../../src/adapters/http/api-endpoints.js';
import {
  concept,
  type Endpoint,
  type EndpointWiring,
  routerPattern,
  routerPatterns,
  withAndWithoutV2,
} from '../../../src/adapters/http/endpoints/endpoint.js';
import { mountEndpoints } from '../../../src/adapters/http/endpoints/mount-endpoints.js';
import { pathItems } from '../../../src/adapters/http/endpoints/path-items.js';
import type { HttpState } from '../../../src/adapters/http/http-state.js';
import type { RouteAccess } from '../../../src/adapters/http/middleware/require-access.js';
import type { OperationSpec } from '../../../src/adapters/http/openapi/operation-builder.js';

const spec = (operationId: string, access: OperationSpec['access']): OperationSpec => ({
  operationId,
  summary: operationId,
  description: operationId,
  tag: 'Tests',
  access,
  success: { '200': { description: 'ok' } },
});

const answer =
  (body: string): Endpoint<undefined>['handle'] =>
  () =>
  (ctx) => {
    ctx.body = body;
  };

describe('HTTP: endpoint declarations', () => {
  it("writes an OpenAPI path as the router's pattern, and serves an endpoint where it is also served", () => {
    expect(routerPattern('/v2/subscriptions/{id}/states/{state_id}')).to.equal(
      '/v2/subscriptions/:id/states/:state_id',
    );
    expect(routerPatterns(withAndWithoutV2('/subscriptions/jobs/{id}'))).to.deep.equal([
      '/v2/subscriptions/jobs/:id',
      '/subscriptions/jobs/:id',
    ]);
    expect(routerPatterns({ path: '/health' })).to.deep.equal(['/health']);
  });

  it('documents each path once, with the operations declared on it and what they share', () => {
    const items = pathItems([
      {
        method: 'get',
        ...withAndWithoutV2('/things/{id}'),
        pathParameters: [],
        spec: spec('getThing', 'read'),
        handle: answer(''),
      },
      {
        method: 'put',
        ...withAndWithoutV2('/things/{id}'),
        pathParameters: [],
        spec: spec('putThing', 'write'),
        handle: answer(''),
      },
    ]);
    expect(Object.keys(items)).to.deep.equal(['/v2/things/{id}']);
    const item = items['/v2/things/{id}'];
    expect(item?.['x-also-served-at']).to.equal('/things/{id}');
    expect(item?.get?.operationId).to.equal('getThing');
    expect(item?.put?.operationId).to.equal('putThing');
  });

  it('refuses an operation declared twice on a path, and endpoints of one path that disagree on it', () => {
    const get = { method: 'get', path: '/things', spec: spec('a', 'read'), handle: answer('') } as const;
    expect(() => pathItems([get, { ...get, spec: spec('b', 'read') }])).to.throw('GET /things is declared twice');
    expect(() => pathItems([get, { ...get, method: 'put', alsoAt: '/v2/things' }])).to.throw(
      'are also served at different paths',
    );
    expect(() =>
      pathItems([
        { ...get, pathParameters: [] },
        {
          ...get,
          method: 'put',
          pathParameters: [{ name: 'x', in: 'query', description: 'x', schema: { type: 'string' } }],
        },
      ]),
    ).to.throw('declare different path parameters');
  });

  it("mounts a concept's endpoints behind the guard of each operation's access, and a public one behind none", async () => {
    const guarded: RouteAccess[] = [];
    const guard =
      (route: RouteAccess): Middleware<HttpState> =>
      (_ctx, next) => {
        guarded.push(route);
        return next();
      };
    const router = new Router<HttpState>();
    const routes = { guard, links: () => '' };
    const endpoints = concept<undefined>({
      useCases: () => undefined,
      endpoints: [
        { method: 'get', path: '/open', spec: spec('open', 'public'), handle: answer('open') },
        { method: 'post', path: '/closed', spec: spec('closed', 'admin'), handle: answer('closed') },
        {
          method: 'get',
          path: '/own',
          spec: { ...spec('own', 'read'), shopper: 'read' },
          handle: answer('own'),
        },
      ],
    });
    mountEndpoints(router, endpoints.handlers({} as EndpointWiring, routes), routes);
    const app = new Koa<HttpState>().use(router.routes());
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const run = async (method: string, path: string): Promise<string> =>
      (await fetch(`${origin}${path}`, { method })).text();
    try {
      expect(await run('GET', '/open')).to.equal('open');
      expect(guarded).to.deep.equal([]);
      expect(await run('POST', '/closed')).to.equal('closed');
      expect(guarded).to.deep.equal([{ access: 'admin' }]);
      expect(await run('GET', '/own')).to.equal('own');
      expect(guarded, "a shopper's operation is guarded with what it lets shoppers do").to.deep.equal([
        { access: 'admin' },
        { access: 'read', shopper: 'read' },
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('declares every operation of the API once, under an id of its own', () => {
    const ids = API_ENDPOINTS.flatMap((c) => c.endpoints.map((e) => e.spec.operationId));
    expect(ids.length).to.be.above(100);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).to.deep.equal([]);
  });
});
