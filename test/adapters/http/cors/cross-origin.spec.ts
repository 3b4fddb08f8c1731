import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { ALLOWED_REQUEST_HEADERS, EXPOSED_HEADERS } from '../../../../src/adapters/http/cors/cors-headers.js';
import { errorBody } from '../../../support/error-body.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

const SHOP = 'https://shop.example';
const OTHER = 'https://elsewhere.example';
const ADMIN = 'https://admin.example';
const PRODUCTS = '/v2/subscriptions/products';

/** The headers of a CORS answer a browser reads, absent ones as null. */
const corsOf = (response: Response) => ({
  allowOrigin: response.headers.get('access-control-allow-origin'),
  allowCredentials: response.headers.get('access-control-allow-credentials'),
  expose: response.headers.get('access-control-expose-headers'),
  vary: (response.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase()),
});

const preflight = (api: TestApi, path: string, origin: string, method: string, headers = 'authorization') =>
  fetch(`${api.url}${path}`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers },
  });

const implicitToken = async (api: TestApi, origin: string): Promise<Response> =>
  fetch(`${api.url}/oauth/access_token`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'implicit', client_id: api.store.key.clientId }),
  });

describe('HTTP: CORS for storefronts in browsers', () => {
  describe('by default', () => {
    let api: TestApi;
    before(async () => {
      api = await startTestApi();
    });
    after(async () => api.close());

    it('answers a preflight of the token endpoint and the catalogue with the SDK’s headers, no token needed', async () => {
      for (const [path, method] of [
        ['/oauth/access_token', 'POST'],
        [PRODUCTS, 'GET'],
        [`/generations/2025/v2/subscriptions/offerings`, 'GET'],
        ['/subscriptions/plans', 'GET'],
      ] as const) {
        const response = await preflight(
          api,
          path,
          SHOP,
          method,
          'authorization,ep-account-management-authentication-token,ep-channel,ep-context-tag',
        );
        expect(response.status, path).to.equal(204);
        expect(response.headers.get('access-control-allow-origin'), path).to.equal('*');
        expect(response.headers.get('access-control-allow-methods'), path).to.include(method);
        const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(', ');
        expect(allowed, path).to.include.members([
          'authorization',
          'content-type',
          'ep-account-management-authentication-token',
          'ep-channel',
          'ep-context-tag',
        ]);
        expect(response.headers.get('access-control-max-age'), path).to.equal('7200');
        expect(response.headers.get('access-control-allow-credentials'), path).to.equal(null);
        expect(corsOf(response).vary, path).to.include('origin');
      }
    });

    it('refuses a preflight of the merchant’s routes, the console and methods the catalogue does not open', async () => {
      for (const [path, method] of [
        ['/v2/settings', 'GET'],
        ['/v2/settings/cors', 'PUT'],
        ['/v2/application-keys', 'POST'],
        ['/v2/subscriptions/subscriptions', 'POST'],
        ['/v2/subscriptions/jobs', 'GET'],
        ['/oauth/revoke', 'POST'],
        ['/console', 'GET'],
        [PRODUCTS, 'POST'],
        [PRODUCTS, 'DELETE'],
        ['/no/such/path', 'GET'],
      ] as const) {
        const response = await preflight(api, path, SHOP, method);
        expect(response.status, `${method} ${path}`).to.equal(403);
        expect(response.headers.get('access-control-allow-origin'), path).to.equal(null);
        expect(response.headers.get('access-control-allow-methods'), path).to.equal(null);
        expect(
          (await errorBody(response)).errors.map((e) => e['code']),
          path,
        ).to.deep.equal(['origin_not_allowed']);
      }
    });

    it('opens the routes a shopper reaches with its account member token, and only their methods', async () => {
      for (const [path, method] of [
        ['/v2/subscriptions/subscriptions', 'GET'],
        ['/v2/subscriptions/subscriptions/00000000-0000-4000-8000-000000000001/states', 'POST'],
        ['/v2/subscriptions/invoices', 'GET'],
        ['/v2/accounts', 'GET'],
      ] as const) {
        const response = await preflight(api, path, SHOP, method);
        expect(response.status, `${method} ${path}`).to.equal(204);
        expect(response.headers.get('access-control-allow-methods'), path).to.include(method);
      }
      const methods = (await preflight(api, '/v2/subscriptions/subscriptions', SHOP, 'GET')).headers.get(
        'access-control-allow-methods',
      );
      expect(methods?.split(', ')).not.to.include('POST');
    });

    it('lets a page get an implicit token and read the catalogue, exposing the headers it reads', async () => {
      const minted = await implicitToken(api, SHOP);
      expect(minted.status).to.equal(200);
      expect(corsOf(minted)).to.deep.include({ allowOrigin: '*', allowCredentials: null });
      const { access_token } = (await minted.json()) as { access_token: string };
      const read = await api.request(PRODUCTS, { token: access_token, headers: { Origin: SHOP } });
      const cors = corsOf(read);
      expect([read.status, cors.allowOrigin, cors.allowCredentials]).to.deep.equal([200, '*', null]);
      expect(cors.vary).to.include('origin');
      expect(cors.expose?.split(', ')).to.include.members([
        'X-Request-Id',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'Retry-After',
        'Location',
      ]);
    });

    it('answers the merchant’s routes to no other origin, whatever the token', async () => {
      for (const path of ['/v2/settings', '/v2/application-keys', '/v2/subscriptions/jobs']) {
        const response = await api.request(path, { headers: { Origin: SHOP } });
        expect(response.status, path).to.equal(200);
        expect(corsOf(response).allowOrigin, path).to.equal(null);
      }
      const console = await fetch(`${api.url}/console`, { headers: { Origin: SHOP } });
      expect(console.headers.get('access-control-allow-origin')).to.equal(null);
    });

    it('lets a page read the 401 of an open route, from the token endpoint too', async () => {
      const anonymous = await api.request(PRODUCTS, { token: null, headers: { Origin: SHOP } });
      expect([anonymous.status, corsOf(anonymous).allowOrigin]).to.deep.equal([401, '*']);
      const wrongSecret = await fetch(`${api.url}/oauth/access_token`, {
        method: 'POST',
        headers: { Origin: SHOP },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x' }),
      });
      expect([wrongSecret.status, corsOf(wrongSecret).allowOrigin]).to.deep.equal([401, '*']);
    });
  });

  describe('on a small request budget', () => {
    let api: TestApi;
    before(async () => {
      api = await startTestApi({ rateLimit: 3 });
    });
    after(async () => api.close());

    it('never counts a preflight against the store’s request budget', async () => {
      for (let i = 0; i < 12; i++) expect((await preflight(api, PRODUCTS, SHOP, 'GET')).status).to.equal(204);
      const token = await api.token('implicit');
      const read = await api.request(PRODUCTS, { token, headers: { Origin: SHOP } });
      expect(read.status).to.equal(200);
      expect(Number(read.headers.get('x-ratelimit-remaining'))).to.be.at.least(1);
    });

    it('lets a page read the 429 of an open route, and when to retry', async () => {
      const implicit = await api.token('implicit');
      const answers: Response[] = [];
      for (let i = 0; i < 8; i++)
        answers.push(await api.request(PRODUCTS, { token: implicit, headers: { Origin: SHOP } }));
      const limited = answers.find((r) => r.status === 429);
      expect(limited, 'a 429 within 8 requests at 3 a second').to.not.equal(undefined);
      expect(corsOf(limited as Response).allowOrigin).to.equal('*');
      expect(corsOf(limited as Response).expose).to.include('Retry-After');
    });
  });

  describe('narrowed by the store’s allowed origins', () => {
    let api: TestApi;
    before(async () => {
      api = await startTestApi();
    });
    after(async () => api.close());

    const setOrigins = async (origins: readonly string[]) => {
      const response = await api.request('/v2/settings/cors', {
        ...jsonBody({ data: { type: 'settings', allowed_origins: origins } }),
        method: 'PUT',
      });
      expect(response.status).to.equal(200);
    };

    it('answers the listed origins by name, and no other, on reads, tokens and refusals alike', async () => {
      await setOrigins([SHOP, 'http://localhost:5173']);
      const implicit = await api.token('implicit');
      for (const [origin, allowed] of [
        [SHOP, SHOP],
        ['http://localhost:5173', 'http://localhost:5173'],
        [OTHER, null],
        ['null', null],
      ] as const) {
        const read = await api.request(PRODUCTS, { token: implicit, headers: { Origin: origin } });
        expect([read.status, corsOf(read).allowOrigin], origin).to.deep.equal([200, allowed]);
        expect(corsOf(read).vary, origin).to.include('origin');
        const minted = await implicitToken(api, origin);
        expect([minted.status, corsOf(minted).allowOrigin], origin).to.deep.equal([200, allowed]);
        // The write refused to an implicit token is the merchant's route: no origin reads it.
        const write = await api.request(PRODUCTS, {
          ...jsonBody({ data: {} }),
          token: implicit,
          headers: { Origin: origin, 'Content-Type': 'application/json' },
        });
        expect([write.status, corsOf(write).allowOrigin], origin).to.deep.equal([403, null]);
      }
      // A preflight has no store to ask: it allows what the default allows, and the answer decides.
      expect((await preflight(api, PRODUCTS, OTHER, 'GET')).status).to.equal(204);
    });

    it('opens the routes to no origin with an empty list, and to every one again with ["*"]', async () => {
      const implicit = await api.token('implicit');
      await setOrigins([]);
      const closed = await api.request(PRODUCTS, { token: implicit, headers: { Origin: SHOP } });
      expect(corsOf(closed).allowOrigin).to.equal(null);
      await setOrigins(['*']);
      const open = await api.request(PRODUCTS, { token: implicit, headers: { Origin: SHOP } });
      expect(corsOf(open).allowOrigin).to.equal('*');
    });
  });

  describe('with CORS_ADMIN_ORIGINS', () => {
    let api: TestApi;
    before(async () => {
      api = await startTestApi({ corsAdminOrigins: [ADMIN] });
    });
    after(async () => api.close());

    it('opens every route, the console’s too, to the named origins alone', async () => {
      const allowed = await preflight(api, '/v2/settings', ADMIN, 'PUT', 'authorization,content-type');
      expect([allowed.status, allowed.headers.get('access-control-allow-origin')]).to.deep.equal([204, ADMIN]);
      expect(allowed.headers.get('access-control-allow-methods')).to.include('PUT');
      expect(allowed.headers.get('access-control-allow-credentials')).to.equal(null);
      const settings = await api.request('/v2/settings', { headers: { Origin: ADMIN } });
      expect([settings.status, corsOf(settings).allowOrigin]).to.deep.equal([200, ADMIN]);
      expect(corsOf(settings).vary).to.include('origin');
      const console = await fetch(`${api.url}/console`, { headers: { Origin: ADMIN } });
      expect(console.headers.get('access-control-allow-origin')).to.equal(ADMIN);

      const refused = await api.request('/v2/settings', {
        token: await api.token('implicit'),
        headers: { Origin: ADMIN },
      });
      expect([refused.status, corsOf(refused).allowOrigin], 'a 403 is readable too').to.deep.equal([403, ADMIN]);

      expect((await preflight(api, '/v2/settings', SHOP, 'PUT')).status).to.equal(403);
      const elsewhere = await api.request('/v2/settings', { headers: { Origin: SHOP } });
      expect(corsOf(elsewhere).allowOrigin).to.equal(null);
      expect(corsOf(elsewhere).vary, 'the answer depends on the origin').to.include('origin');
    });
  });

  it('is documented with the headers it allows and exposes, as the code lists them', async () => {
    const page = await readFile(path.resolve(import.meta.dirname, '../../../../docs/accounts.md'), 'utf8');
    const listed = (text: string | undefined) => [...(text ?? '').matchAll(/`([A-Za-z-]+)`/g)].map((m) => m[1]);
    const allowRow = /^\| `Access-Control-Allow-Headers` \| (.+) \|$/m.exec(page)?.[1];
    expect(listed(allowRow)).to.deep.equal(ALLOWED_REQUEST_HEADERS);
    const exposed = /`Access-Control-Expose-Headers: ([^`]+)`/.exec(page)?.[1]?.replaceAll(/\s+/g, ' ');
    expect(exposed?.split(', ')).to.deep.equal(EXPOSED_HEADERS);
  });

  it('marks the operations open to browsers x-cors in the API description, and no other', async () => {
    const api = await startTestApi();
    try {
      const document = (await (await api.request('/v2/openapi.json', { token: null })).json()) as {
        paths: Record<string, Record<string, { operationId?: string; 'x-cors'?: true }>>;
      };
      const operations = Object.values(document.paths).flatMap((item) =>
        Object.values(item).filter((o) => typeof o === 'object' && o !== null && 'operationId' in o),
      );
      const marked = operations.filter((o) => o['x-cors'] === true).map((o) => o.operationId);
      expect(marked).to.include.members(['createAccessToken', 'listSubscriptionProducts', 'getSubscriptionOffering']);
      expect(marked).to.not.include.members(['revokeAccessToken', 'getSettings', 'createSubscriptionProduct']);
      expect(marked).to.not.include.members(['listSubscriptions', 'getConsolePage', 'getCorsSettings']);
    } finally {
      await api.close();
    }
  });
});
