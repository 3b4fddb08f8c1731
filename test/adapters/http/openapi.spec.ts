import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect } from 'chai';
import {
  API_DOCUMENT,
  API_DOCUMENTS,
  openApiDocument,
} from '../../../src/adapters/http/api-description/openapi-document.js';
import { API_ENDPOINTS } from '../../../src/adapters/http/api-endpoints.js';
import { ERROR_CODE_MEANINGS, ERROR_CODES } from '../../../src/adapters/http/error-documents.js';
import type { OpenApiDocument, Schema } from '../../../src/adapters/http/openapi/openapi-types.js';
import { buildContainer } from '../../../src/container.js';
import { routerRoutes } from '../../properties/router-routes.js';
import {
  documentAjv,
  documentedPaths,
  type Exchange,
  OpenApiContract,
  resolveRef,
} from '../../support/openapi-contract.js';
import { startTestApi, type TestApi } from '../../support/test-api.js';

const documentedRoutes = (document: OpenApiDocument = API_DOCUMENT): string[] =>
  documentedPaths(document).flatMap(({ path, operations }) =>
    Object.keys(operations).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );

/** A route as one router pattern serves it, whatever its parameters are called (they differ between generations). */
const shape = (route: string): string => route.replace(/:\w+/g, ':');
/** What either generation's document lists. */
const everyDocumentedShape = (): Set<string> =>
  new Set(Object.values(API_DOCUMENTS).flatMap((document) => documentedRoutes(document).map(shape)));

/** Every value of the document that is a JSON schema, with where it is. */
const schemasOf = (document: OpenApiDocument): [string, Schema][] => {
  const found: [string, Schema][] = [];
  const visit = (value: unknown, at: string): void => {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) visit(v, `${at}/${i}`);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'schema') found.push([`${at}/schema`, child as Schema]);
      else if (key === 'schemas' && at === '#/components')
        for (const [name, s] of Object.entries(child as object)) found.push([`${at}/schemas/${name}`, s as Schema]);
      else visit(child, `${at}/${key}`);
    }
  };
  visit(document, '#');
  return found;
};

const refsOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [v] : refsOf(v)));
};

describe('OpenAPI document: every route, nothing else', () => {
  it('documents every method and path the router serves, in one generation or both', () => {
    const documented = everyDocumentedShape();
    expect(routerRoutes(buildContainer({ kind: 'memory' })).filter((r) => !documented.has(shape(r)))).to.deep.equal([]);
  });

  it('documents nothing the router does not serve', () => {
    const served = new Set(routerRoutes(buildContainer({ kind: 'memory' })).map(shape));
    expect([...everyDocumentedShape()].filter((r) => !served.has(r))).to.deep.equal([]);
  });

  it('lists each route once in each generation', () => {
    for (const document of Object.values(API_DOCUMENTS)) {
      const routes = documentedRoutes(document).map(shape);
      expect(
        routes.filter((r, i) => routes.indexOf(r) !== i),
        document['x-generation'],
      ).to.deep.equal([]);
    }
  });

  it('documents the Idempotency-Key answers on every POST that needs a token, as the idempotency middleware gives them', () => {
    // A route whose body carries a password takes no key: its stored fingerprint would be a fast hash of the password.
    const secret = new Set(
      API_ENDPOINTS.flatMap((c) => c.endpoints).flatMap((e) =>
        e.spec.secretBody === true ? [e.spec.operationId] : [],
      ),
    );
    const missing = Object.entries(API_DOCUMENT.paths).flatMap(([path, item]) => {
      const post = item.post as
        | { operationId: string; security?: unknown[]; responses: Record<string, unknown> }
        | undefined;
      if (post === undefined || (post.security !== undefined && post.security.length === 0)) return [];
      if (secret.has(post.operationId))
        return JSON.stringify(post.responses).includes('idempotency_key') ? [`${path} (takes no key)`] : [];
      return JSON.stringify(post.responses['422'] ?? {}).includes('idempotency_key_reused') &&
        JSON.stringify(post.responses['409'] ?? {}).includes('idempotency_key_in_flight')
        ? []
        : [path];
    });
    expect(missing).to.deep.equal([]);
  });

  it('marks exactly the subscriptions paths as also served without /v2, EPCC’s account-membership settings at the plural spelling of 0.1, and its OpenID Connect profiles at the newer API’s spelling', () => {
    for (const [path, item] of Object.entries(API_DOCUMENT.paths)) {
      const alias = item['x-also-served-at'];
      if (path.startsWith('/v2/subscriptions/')) expect(alias, path).to.equal(path.slice('/v2'.length));
      else if (path === '/v2/settings/account-membership')
        expect(alias, path).to.equal('/v2/settings/account-memberships');
      else if (path.startsWith('/v2/authentication-realms/{realmId}/oidc-profiles'))
        expect(alias, path).to.equal(path.replace('/oidc-profiles', '/openid-connect-profiles'));
      else expect(alias, path).to.equal(undefined);
    }
  });
});

for (const [generation, API_DOCUMENT] of Object.entries(API_DOCUMENTS))
  describe(`OpenAPI document of the ${generation} generation: a valid OpenAPI 3.1 document`, () => {
    it('compiles every schema in it with Ajv 2020-12 in strict mode', () => {
      const ajv = documentAjv(API_DOCUMENT);
      const schemas = schemasOf(API_DOCUMENT);
      expect(schemas.length).to.be.greaterThan(100);
      for (const [at, schema] of schemas)
        expect(
          () =>
            ajv.compile(
              JSON.parse(
                JSON.stringify(schema).replaceAll('"#/components/schemas/', '"urn:commerce-core:openapi#/$defs/'),
              ) as object,
            ),
          at,
        ).not.to.throw();
    });

    it('resolves every $ref inside the document', () => {
      const refs = refsOf(API_DOCUMENT);
      expect(refs.length).to.be.greaterThan(100);
      for (const ref of refs) {
        expect(ref, ref).to.match(/^#\/components\/(schemas|parameters|headers|responses)\/[A-Za-z0-9-]+$/);
        expect(() => resolveRef(API_DOCUMENT, { $ref: ref }), ref).not.to.throw();
      }
    });

    it('declares each path parameter exactly where the path has it, with unique operation ids and known tags', () => {
      const ids = new Set<string>();
      const tags = new Set(API_DOCUMENT.tags.map((t) => t.name));
      for (const [path, item] of Object.entries(API_DOCUMENT.paths)) {
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        for (const method of ['get', 'put', 'post', 'delete'] as const) {
          const operation = item[method];
          if (operation === undefined) continue;
          const declared = [...(item.parameters ?? []), ...(operation.parameters ?? [])]
            .map((p) => resolveRef(API_DOCUMENT, p))
            .filter((p) => p.in === 'path');
          expect(
            declared.map((p) => p.name),
            `${method} ${path}`,
          ).to.deep.equal(inPath);
          expect(
            declared.every((p) => p.required === true),
            `${method} ${path}`,
          ).to.equal(true);
          expect(ids.has(operation.operationId), operation.operationId).to.equal(false);
          ids.add(operation.operationId);
          expect(
            operation.tags.every((t) => tags.has(t)),
            operation.operationId,
          ).to.equal(true);
          expect(
            Object.keys(operation.responses).every((s) => /^[1-5][0-9]{2}$/.test(s)),
            operation.operationId,
          ).to.equal(true);
          // A success is an answer, or a redirect where the route's purpose is to send the browser on.
          expect(
            Object.keys(operation.responses).some((s) => s.startsWith('2') || s === '303'),
            operation.operationId,
          ).to.equal(true);
        }
      }
    });

    it('names only security schemes it defines', () => {
      const requirements = [
        ...API_DOCUMENT.security,
        ...Object.values(API_DOCUMENT.paths).flatMap((item) =>
          Object.values(item).flatMap((o) => (typeof o === 'object' && 'security' in o ? (o.security ?? []) : [])),
        ),
      ];
      for (const requirement of requirements)
        for (const name of Object.keys(requirement))
          expect(API_DOCUMENT.components.securitySchemes).to.have.property(name);
    });
  });

describe('OpenAPI document: the response check', () => {
  const contract = new OpenApiContract();
  const json = (
    status: number,
    body: unknown,
    method = 'GET',
    path = '/v2/settings',
    headers: Record<string, string> = { 'x-request-id': 'r', 'x-content-type-options': 'nosniff' },
  ): Exchange => ({
    method,
    path,
    status,
    header: (name) => ({ 'content-type': 'application/json; charset=utf-8', ...headers })[name.toLowerCase()] ?? null,
    body: JSON.stringify(body),
  });
  const settings = { data: { type: 'settings', page_length: 25, subscriptions_generation: '2024' } };
  const errors = (status: number, title: string, code: string) => ({
    errors: [{ status: String(status), title, code, meta: { request_id: 'r' } }],
  });

  it('passes a response that matches its operation', () => {
    expect(contract.problems(json(200, settings))).to.equal(undefined);
    expect(contract.problems(json(200, { data: [], links: {}, meta: {} }, 'GET', '/subscriptions/products'))).to.match(
      /listSubscriptionProducts .* does not match/,
    );
  });

  it('fails a body that breaks the schema, naming the operation, the status and what is wrong', () => {
    const problem = contract.problems(json(200, { data: { type: 'settings', page_length: 0, extra: true } }));
    expect(problem).to.match(
      /^getSettings \(GET \/v2\/settings\) answered 200 with a body that does not match the document/,
    );
    expect(problem)
      .to.include('/data/page_length must be >= 1')
      .and.include('/data must NOT have additional properties');
  });

  it('fails a status the operation does not list', () => {
    expect(contract.problems(json(409, errors(409, 'Conflict', 'in_use')))).to.match(
      /getSettings .* answered 409, which the document does not list/,
    );
  });

  it('fails a response without a header the document requires', () => {
    expect(contract.problems(json(200, settings, 'GET', '/v2/settings', {}))).to.match(
      /without its X-Request-Id header/,
    );
  });

  it('fails a body where the document has none, and another content type', () => {
    expect(contract.problems({ ...json(204, settings, 'DELETE'), body: '{}' })).to.match(
      /a body where the document has none/,
    );
    expect(
      contract.problems({
        ...json(200, settings),
        header: (n) => (n.toLowerCase() === 'content-type' ? 'text/html' : 'r'),
      }),
    ).to.match(/as text\/html, not as application\/json/);
  });

  it('holds paths no operation matches to the unrouted answers', () => {
    expect(
      contract.problems(json(404, errors(404, 'Not Found', 'route_not_found'), 'GET', '/v2/nothing-here')),
    ).to.equal(undefined);
    expect(contract.problems(json(200, settings, 'GET', '/v2/nothing-here'))).to.match(
      /GET \/v2\/nothing-here \(no operation\) answered 200/,
    );
    expect(
      contract.problems(
        json(405, errors(405, 'Method Not Allowed', 'method_not_allowed'), 'PATCH', '/v2/settings', {
          'x-request-id': 'r',
          'x-content-type-options': 'nosniff',
          allow: 'GET',
        }),
      ),
    ).to.equal(undefined);
  });

  it('finds the served form without /v2 and literal paths before templated ones', () => {
    expect(
      contract.problems(json(404, errors(404, 'Not Found', 'not_found'), 'GET', '/subscriptions/offerings/build?x=1')),
    ).to.equal(undefined);
    expect(contract.problems(json(200, settings, 'POST', '/subscriptions/offerings/build'))).to.match(
      /buildSubscriptionOffering/,
    );
  });
});

describe('OpenAPI document: served', () => {
  let api: TestApi;
  afterEach(async () => api.close());

  it('answers GET /v2/openapi.json without a token, its server the origin of the links', async () => {
    api = await startTestApi();
    const response = await api.request('/v2/openapi.json', { token: null });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    const served = (await response.json()) as OpenApiDocument;
    expect(served).to.deep.equal(JSON.parse(JSON.stringify(openApiDocument(api.url))));
    expect(served.servers).to.deep.equal([{ url: api.url, description: 'This service' }]);
    expect(served.openapi).to.equal('3.1.1');
  });

  it('takes the server from BASE_URL when it is set', async () => {
    api = await startTestApi({ baseUrl: 'https://shop.example.com' });
    const served = (await (await api.request('/v2/openapi.json', { token: null })).json()) as OpenApiDocument;
    expect(served.servers.map((s) => s.url)).to.deep.equal(['https://shop.example.com']);
  });

  it('answers other methods on it 405', async () => {
    api = await startTestApi();
    const response = await api.request('/v2/openapi.json', { method: 'DELETE' });
    expect(response.status).to.equal(405);
    expect(response.headers.get('allow')).to.include('GET');
  });
});

describe('API reference page', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  const EXPECTED_TYPES: Record<string, RegExp> = {
    'swagger-ui.css': /^text\/css; charset=utf-8$/,
    'swagger-ui-bundle.js': /^text\/javascript; charset=utf-8$/,
    'swagger-ui-standalone-preset.js': /^text\/javascript; charset=utf-8$/,
    'docs-init.js': /^text\/javascript; charset=utf-8$/,
    'favicon-32x32.png': /^image\/png$/,
  };

  it('answers GET /docs with HTML that loads only our own files, and no inline script', async () => {
    const response = await api.request('/docs', { token: null });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    const html = await response.text();
    const urls = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(urls.map((u) => u.replace(/\?v=[0-9a-f]{16}$/, '')).sort()).to.deep.equal(
      Object.keys(EXPECTED_TYPES)
        .map((f) => `/docs/${f}`)
        .sort(),
    );
    expect(html).not.to.match(/https?:|\/\//);
    expect(
      [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].every(
        (m) => /\bsrc="/.test(m[1] ?? '') && (m[2] ?? '').trim() === '',
      ),
    ).to.equal(true);
  });

  it('serves each file with its content type and a year of caching, as installed', async () => {
    const html = await (await api.request('/docs', { token: null })).text();
    const dist = createRequire(import.meta.url);
    for (const url of [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1] ?? '')) {
      const file = /^\/docs\/([^?]+)/.exec(url)?.[1] ?? '';
      const response = await api.request(url, { token: null });
      expect(response.status, url).to.equal(200);
      expect(response.headers.get('content-type'), url).to.match(EXPECTED_TYPES[file] ?? /^$/);
      expect(response.headers.get('cache-control'), url).to.equal('public, max-age=31536000, immutable');
      const body = Buffer.from(await response.arrayBuffer());
      if (file === 'docs-init.js') {
        expect(body.toString('utf8')).to.include("url: '/v2/openapi.json'").and.include('validatorUrl: null');
      } else {
        expect(body.equals(await readFile(dist.resolve(`swagger-ui-dist/${file}`))), url).to.equal(true);
      }
    }
  });

  it('answers a method the page does not allow 405, as every route does', async () => {
    const response = await api.request('/docs/swagger-ui.css', { method: 'POST', token: null });
    expect(response.status).to.equal(405);
  });
});

describe('OpenAPI document: error documents', () => {
  it('takes the codes of its error schema, and their meanings, from the codes the service answers with', () => {
    const code = resolveRef<Schema>(API_DOCUMENT, { $ref: '#/components/schemas/ErrorObject' }).properties?.['code'];
    expect(code?.enum).to.deep.equal(ERROR_CODES);
    for (const name of ERROR_CODES) expect(code?.description).to.include(`\`${name}\`: ${ERROR_CODE_MEANINGS[name]}`);
  });

  it('refuses an error object with a code that is not one of them', () => {
    const contract = new OpenApiContract();
    const body = JSON.stringify({
      errors: [{ status: '404', title: 'Not Found', code: 'gone', meta: { request_id: 'r' } }],
    });
    const exchange: Exchange = {
      method: 'GET',
      path: '/v2/missing',
      status: 404,
      header: (n) => (n.toLowerCase() === 'content-type' ? 'application/json' : 'r'),
      body,
    };
    expect(contract.problems(exchange)).to.include('/errors/0/code must be equal to one of the allowed values');
  });

  it('holds each answer to the codes it can carry: a 404 of a key is not_found, a 409 of a prefix is prefix_taken', () => {
    const contract = new OpenApiContract();
    const answer = (method: string, path: string, status: number, code: string): Exchange => ({
      method,
      path,
      status,
      header: (n) => (n.toLowerCase() === 'content-type' ? 'application/json' : 'r'),
      body: JSON.stringify({ errors: [{ status: String(status), title: 't', code, meta: { request_id: 'r' } }] }),
    });
    const key = '/v2/application-keys/5d0c0c1e-2b7a-4c39-9d2e-0d1f2a3b4c5d';
    expect(contract.problems(answer('GET', key, 404, 'not_found'))).to.equal(undefined);
    expect(contract.problems(answer('GET', key, 404, 'route_not_found'))).to.include(
      '/errors/0/code must be equal to one of the allowed values',
    );
    expect(contract.problems(answer('PUT', '/v2/merchant-realm-mappings/x', 409, 'prefix_taken'))).to.equal(undefined);
    expect(contract.problems(answer('PUT', '/v2/merchant-realm-mappings/x', 409, 'in_use'))).to.include(
      'allowedValues',
    );
  });
});
