import Router from '@koa/router';
import type { Endpoint } from '../endpoints/endpoint.js';
import { routerPatterns } from '../endpoints/endpoint.js';
import { indexedMatching } from '../routes/indexed-router.js';

/**
 * The token endpoints a storefront calls from the page itself: the implicit grant of
 * `POST /oauth/access_token` and the account member's sign-in. The other token route, revocation, stays
 * closed: a client holding a client secret has no business in a browser.
 */
const BROWSER_TOKEN_ROUTES: readonly string[] = ['post /oauth/access_token', 'post /v2/account-members/tokens'];

/**
 * Whether other origins' pages may call the endpoint from a browser: the token endpoints, what an
 * implicit token may read (the subscription catalogue), and what a shopper may reach with its account
 * member token (`shopper` on the operation). Everything else (keys, settings, the merchant's
 * subscriptions, the console) opens only to the deployment's `CORS_ADMIN_ORIGINS`.
 */
export const openToBrowsers = (endpoint: Pick<Endpoint<never>, 'method' | 'path' | 'spec'>): boolean =>
  endpoint.spec.access === 'catalogue' ||
  endpoint.spec.shopper !== undefined ||
  BROWSER_TOKEN_ROUTES.includes(`${endpoint.method} ${endpoint.path}`);

/** What a path is served with, as the app's router matches it. */
export interface BrowserRoutes {
  /** The methods the path answers (HEAD with GET), only those open to browsers unless `every`. */
  methods(path: string, every: boolean): readonly string[];
  /** Whether a request of `method` on `path` reaches an endpoint open to browsers. */
  isOpen(method: string, path: string): boolean;
}

const OPEN = async (): Promise<void> => {};
const CLOSED = async (): Promise<void> => {};

/**
 * A router of its own, never dispatched, with every endpoint registered as the app's router registers it:
 * the same patterns, so a path is open exactly when the route that answers it is.
 */
export const browserRoutes = (endpoints: readonly Endpoint<never>[]): BrowserRoutes => {
  const router = indexedMatching(new Router());
  for (const endpoint of endpoints)
    router.register(routerPatterns(endpoint), [endpoint.method], [openToBrowsers(endpoint) ? OPEN : CLOSED]);
  const open = (layer: { readonly stack: readonly unknown[] }): boolean => layer.stack.includes(OPEN);
  return {
    methods: (path, every) => [
      ...new Set(
        router
          .match(path, 'GET')
          .path.filter((layer) => every || open(layer))
          .flatMap((layer) => layer.methods),
      ),
    ],
    isOpen: (method, path) => router.match(path, method).pathAndMethod.some(open),
  };
};
