import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { expect } from 'chai';
import Koa, { type Middleware } from 'koa';
import { API_DOCUMENTS } from '../../../src/adapters/http/api-description/openapi-document.js';
import type { Endpoint, EndpointWiring } from '../../../src/adapters/http/endpoints/endpoint.js';
import { concept } from '../../../src/adapters/http/endpoints/endpoint.js';
import { generationPrefix } from '../../../src/adapters/http/endpoints/generation-prefix.js';
import { type GenerationOf, mountEndpoints } from '../../../src/adapters/http/endpoints/mount-endpoints.js';
import type { HttpState } from '../../../src/adapters/http/http-state.js';
import type { RouteAccess } from '../../../src/adapters/http/middleware/require-access.js';
import type { OperationSpec } from '../../../src/adapters/http/openapi/operation-builder.js';
import type { Access } from '../../../src/domain/auth/grant.js';
import { isSubscriptionsGeneration } from '../../../src/domain/settings/subscriptions-generation.js';
import { startTestApi, type TestApi } from '../../support/test-api.js';

const spec = (operationId: string, access: OperationSpec['access'] = 'read'): OperationSpec => ({
  operationId,
  summary: operationId,
  description: operationId,
  tag: 'Tests',
  access,
  success: { '200': { description: 'ok' } },
});

/** Answers which declaration it is and the parameters it read by its own names. */
const says =
  (name: string): Endpoint<undefined>['handle'] =>
  () =>
  (ctx) => {
    ctx.body = { name, params: ctx.params, links: ctx.state.pathPrefix ?? '' };
  };

const THINGS: Endpoint<undefined>[] = [
  { method: 'get', path: '/things/{thing_id}', generation: '2024', spec: spec('oldThing'), handle: says('old') },
  { method: 'get', path: '/things/{thing_uuid}', generation: '2025', spec: spec('newThing'), handle: says('new') },
  { method: 'get', path: '/old-only', generation: '2024', spec: spec('oldOnly'), handle: says('old-only') },
  { method: 'get', path: '/things', spec: spec('listThings'), handle: says('both') },
];

interface Served {
  readonly origin: string;
  readonly guarded: Access[];
  close(): Promise<void>;
}

/** An app of the given endpoints whose store speaks what the `Store-Generation` header says. */
const serve = async (endpoints: Endpoint<undefined>[]): Promise<Served> => {
  const guarded: Access[] = [];
  const guard =
    ({ access }: RouteAccess): Middleware<HttpState> =>
    (_ctx, next) => {
      guarded.push(access);
      return next();
    };
  const storeGeneration: GenerationOf = async (ctx) => {
    const said = ctx.get('Store-Generation');
    return ctx.state.generation ?? (isSubscriptionsGeneration(said) ? said : '2024');
  };
  const routes = { guard, links: () => '' };
  const router = new Router<HttpState>();
  const handlers = concept<undefined>({ useCases: () => undefined, endpoints }).handlers({} as EndpointWiring, routes);
  mountEndpoints(router, handlers, routes, storeGeneration);
  const app = new Koa<HttpState>().use(generationPrefix).use(router.routes());
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    guarded,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

const get = async (served: Served, path: string, storeGeneration?: string) => {
  const response = await fetch(`${served.origin}${path}`, {
    headers: storeGeneration === undefined ? {} : { 'Store-Generation': storeGeneration },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('HTTP: the two subscriptions generations on one route', () => {
  let served: Served;
  before(async () => {
    served = await serve(THINGS);
  });
  after(async () => served.close());

  it("answers a path both generations declare with the store's generation's declaration, each reading its own parameter names", async () => {
    expect((await get(served, '/things/7')).body).to.deep.include({ name: 'old', params: { thing_id: '7' } });
    expect((await get(served, '/things/7', '2025')).body).to.deep.include({ name: 'new', params: { thing_uuid: '7' } });
    expect((await get(served, '/things', '2025')).body).to.deep.include({ name: 'both' });
    expect((await get(served, '/things', '2024')).body).to.deep.include({ name: 'both' });
  });

  it('lets the path prefix pin a generation whatever the store speaks, and keeps the prefix for links', async () => {
    expect((await get(served, '/generations/2025/things/7', '2024')).body).to.deep.equal({
      name: 'new',
      params: { thing_uuid: '7' },
      links: '/generations/2025',
    });
    expect((await get(served, '/generations/2024/things/7', '2025')).body).to.deep.include({ name: 'old' });
    expect((await get(served, '/generations/2025/things', '2024')).body).to.deep.include({ name: 'both' });
  });

  it('answers 404 to an operation only the other generation has, saying which has it and how to reach it', async () => {
    const onStore = await get(served, '/old-only', '2025');
    expect(onStore.status).to.equal(404);
    expect(JSON.stringify(onStore.body)).to.include(
      'this operation belongs to the 2024 subscriptions generation, and this store speaks 2025: call it under /generations/2024',
    );
    const pinned = await get(served, '/generations/2025/old-only', '2024');
    expect(pinned.status).to.equal(404);
    expect(JSON.stringify(pinned.body)).to.include('/generations/2025 pins 2025');
    expect((await get(served, '/generations/2024/old-only', '2025')).body).to.deep.include({ name: 'old-only' });
  });

  it('admits the caller once per request, before the generation is chosen', async () => {
    served.guarded.length = 0;
    await get(served, '/things/1', '2025');
    await get(served, '/old-only', '2025');
    expect(served.guarded).to.deep.equal(['read', 'read']);
  });

  it('answers a prefix naming no generation with a 404 that lists the generations', async () => {
    for (const path of ['/generations/2023/things', '/generations//things', '/generations/v2/things']) {
      const answer = await get(served, path);
      expect(answer.status, path).to.equal(404);
      expect(JSON.stringify(answer.body), path).to.include('takes 2024 or 2025');
    }
  });

  it('refuses, when mounting, declarations one route cannot tell apart or guard', () => {
    const mount = (endpoints: Endpoint<undefined>[]) => () => {
      const routes = { guard: () => (_ctx: unknown, next: () => Promise<void>) => next(), links: () => '' };
      const handlers = concept<undefined>({ useCases: () => undefined, endpoints }).handlers(
        {} as EndpointWiring,
        routes,
      );
      mountEndpoints(new Router<HttpState>(), handlers, routes);
    };
    const [old, fresh, , both] = THINGS as [Endpoint<undefined>, Endpoint<undefined>, unknown, Endpoint<undefined>];
    expect(mount([old, { ...old, spec: spec('again') }])).to.throw('declared twice for generation 2024');
    expect(mount([both, { ...both, generation: '2025' }])).to.throw('declared for both generations and for one');
    expect(mount([old, { ...fresh, spec: spec('newThing', 'write') }])).to.throw('needs another access');
  });
});

describe('HTTP: the API under /generations/<generation>', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(async () => api.close());

  it("serves each generation's OpenAPI document, its server the prefixed origin", async () => {
    for (const generation of ['2024', '2025'] as const) {
      const response = await api.request(`/generations/${generation}/v2/openapi.json`, { token: null });
      expect(response.status).to.equal(200);
      const document = (await response.json()) as { 'x-generation': string; servers: { url: string }[] };
      expect(document['x-generation']).to.equal(generation);
      expect(document.servers[0]?.url).to.equal(`${api.url}/generations/${generation}`);
    }
    const plain = (await (await api.request('/v2/openapi.json', { token: null })).json()) as Record<string, unknown>;
    expect(plain['x-generation']).to.equal('2024');
  });

  it('issues tokens and answers every endpoint under the prefix, its links keeping the prefix', async () => {
    const form = new URLSearchParams({ grant_type: 'implicit', client_id: api.store.key.clientId });
    const token = await fetch(`${api.url}/generations/2025/oauth/access_token`, { method: 'POST', body: form });
    expect(token.status).to.equal(200);
    const keys = (await (await api.request('/generations/2025/v2/application-keys')).json()) as {
      links: { self: string; first: string };
    };
    expect(keys.links.first.startsWith(`${api.url}/generations/2025/v2/application-keys`), keys.links.first).to.equal(
      true,
    );
  });

  it('documents no path twice under parameter names of its own, in either generation', () => {
    for (const [generation, document] of Object.entries(API_DOCUMENTS)) {
      const shapes = Object.keys(document.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
      expect(
        shapes.filter((shape, i) => shapes.indexOf(shape) !== i),
        generation,
      ).to.deep.equal([]);
    }
  });
});
