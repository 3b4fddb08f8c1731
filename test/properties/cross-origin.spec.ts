import { expect } from 'chai';
import fc from 'fast-check';
import { API_ENDPOINTS } from '../../src/adapters/http/api-endpoints.js';
import { openToBrowsers } from '../../src/adapters/http/cors/browser-routes.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { propertyRuns } from './property-runs.js';
import { ROUTES, type RouteCase } from './route-catalogue.js';
import { type SeededStore, seedStore } from './seeded-store.js';

/** The operations open to browsers, by the predicate over their declarations. */
const OPEN_OPERATIONS = new Set(
  API_ENDPOINTS.flatMap((concept) => concept.endpoints)
    .filter(openToBrowsers)
    .map((endpoint) => endpoint.spec.operationId),
);

/** As the router matches a pattern: any case, an optional trailing slash. */
const served = (pattern: string, path: string): boolean =>
  new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`, 'i').test(path);

/** Whether the catalogue says an operation open to browsers answers `method` on the path the server sees. */
const openInCatalogue = (method: string, path: string): boolean => {
  const unpinned = path.replace(/^\/generations\/\d{4}(?=\/)/, '');
  const asked = method === 'HEAD' ? 'GET' : method;
  return ROUTES.some((r) => r.method === asked && served(r.pattern, unpinned) && OPEN_OPERATIONS.has(r.operation));
};

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

const origin = fc.oneof(
  fc.constantFrom('https://shop.example', 'http://localhost:5173', 'null', 'https://evil.example:8443'),
  fc.webUrl().map((url) => new URL(url).origin),
);

/** A path of a known route (with its ids, maybe pinned to a generation, maybe mangled), or any path at all. */
const path = (ids: SeededStore['ids']) =>
  fc.oneof(
    fc
      .record({
        route: fc.constantFrom(...ROUTES),
        pinned: fc.constantFrom('', '/generations/2024', '/generations/2025'),
        mangled: fc.constantFrom(
          (p: string) => p,
          (p: string) => `${p}/`,
          (p: string) => p.toUpperCase(),
          (p: string) => `${p}/x`,
        ),
      })
      .map(({ route, pinned, mangled }) => ({
        route: route as RouteCase | undefined,
        path: `${pinned}${mangled(route.path(ids))}`,
      })),
    fc.webPath().map((p) => ({ route: undefined as RouteCase | undefined, path: p === '' ? '/' : p })),
  );

describe('Properties: CORS opens no route beyond those open to browsers', () => {
  let api: TestApi;
  let store: SeededStore;

  before(async () => {
    api = await startTestApi();
    store = await seedStore(api.url, api.container, 'Cross-origin');
  });
  after(async () => api.close());

  it('knows open operations of its own: the token endpoint and catalogue reads, and no write of the catalogue', () => {
    expect([...OPEN_OPERATIONS]).to.include.members(['createAccessToken', 'listSubscriptionProducts']);
    expect([...OPEN_OPERATIONS]).to.not.include.members([
      'createSubscriptionProduct',
      'getSettings',
      'revokeAccessToken',
    ]);
  });

  it('allows an origin on a preflight exactly when the route and method are open, and on an answer only then', async () => {
    await fc.assert(
      fc.asyncProperty(
        path(store.ids),
        fc.constantFrom(...METHODS),
        origin,
        fc.constantFrom('preflight', 'request'),
        fc.constantFrom('client_credentials', 'implicit', 'anonymous'),
        async ({ route, path: asked }, method, from, kind, caller) => {
          const url = new URL(`${api.url}${asked.startsWith('/') ? '' : '/'}${asked}`);
          const seen = url.pathname;
          const token =
            caller === 'client_credentials' ? store.token : caller === 'implicit' ? store.implicitToken : undefined;
          const body = route?.body?.(store.ids);
          const withBody = kind === 'request' && body !== undefined && route?.method === method && method !== 'GET';
          const response = await fetch(url, {
            method: kind === 'preflight' ? 'OPTIONS' : method,
            headers: {
              Origin: from,
              ...(kind === 'preflight'
                ? { 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'authorization' }
                : {}),
              ...(token === undefined || kind === 'preflight' ? {} : { Authorization: `Bearer ${token}` }),
              ...(withBody
                ? route?.form === true
                  ? { 'Content-Type': 'application/x-www-form-urlencoded' }
                  : { 'Content-Type': 'application/json' }
                : {}),
            },
            ...(withBody
              ? {
                  body:
                    route?.form === true
                      ? new URLSearchParams(body as Record<string, string>).toString()
                      : JSON.stringify(body),
                }
              : {}),
          });
          await response.arrayBuffer();
          const allowed = response.headers.get('access-control-allow-origin');
          const open = openInCatalogue(method, seen);
          const what = `${kind} ${method} ${seen} from ${from} (${caller}): ${response.status}, allowed ${allowed}`;
          expect(response.headers.get('access-control-allow-credentials'), what).to.equal(null);
          if (kind === 'preflight') expect(allowed !== null, what).to.equal(open);
          else if (!open) expect(allowed, what).to.equal(null);
          // The store allows any origin: an open route's answer is readable, errors included.
          else expect(allowed, what).to.equal('*');
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });
});
