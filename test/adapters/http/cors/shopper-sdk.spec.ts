import { createShopperClient, listOfferings } from '@epcc-sdk/sdks-shopper';
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../../../support/test-api.js';

const SHOP = 'https://shop.example';

/** Request headers a browser sends across origins without asking first (the Fetch standard's safelist). */
const SAFELISTED = new Set(['accept', 'accept-language', 'content-language', 'origin']);
const SIMPLE_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

interface Sent {
  readonly method: string;
  readonly path: string;
  /** The headers a browser would name in the preflight's `Access-Control-Request-Headers`. */
  readonly unsafe: readonly string[];
  readonly allowOrigin: string | null;
  readonly status: number;
}

/**
 * `@epcc-sdk/sdks-shopper` as a storefront runs it, in Node: its own implicit-token flow, its own headers,
 * every request sent as from a page of another origin and recorded; then each is asked for as a browser would
 * ask first, with a preflight naming the method and headers the SDK used.
 */
describe('HTTP: the shopper SDK’s requests across origins', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(async () => api.close());

  it('gets its implicit token and reads the catalogue with headers every preflight allows, each answer readable', async () => {
    const sent: Sent[] = [];
    const fromShop = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      request.headers.set('Origin', SHOP);
      const response = await fetch(request);
      const contentType = request.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
      sent.push({
        method: request.method,
        path: new URL(request.url).pathname,
        unsafe: [...request.headers.keys()].filter(
          (name) => !SAFELISTED.has(name) && !(name === 'content-type' && SIMPLE_TYPES.has(contentType)),
        ),
        allowOrigin: response.headers.get('access-control-allow-origin'),
        status: response.status,
      });
      return response;
    };
    let stored: string | undefined;
    const { client } = createShopperClient(
      { baseUrl: api.url, fetch: fromShop },
      {
        clientId: api.store.key.clientId,
        storage: {
          get: () => stored,
          set: (token) => {
            stored = token;
          },
        },
      },
    );
    const offerings = await listOfferings({ client, headers: { 'EP-Channel': 'web', 'EP-Context-Tag': 'shop' } });
    expect(offerings.response.status).to.equal(200);

    expect(sent.map(({ method, path }) => `${method} ${path}`)).to.deep.equal([
      'POST /oauth/access_token',
      'GET /v2/subscriptions/offerings',
    ]);
    expect(sent.map((s) => [s.status, s.allowOrigin])).to.deep.equal([
      [200, '*'],
      [200, '*'],
    ]);
    expect(sent[1]?.unsafe).to.include.members(['authorization', 'ep-channel', 'ep-context-tag']);
    for (const { method, path, unsafe } of sent) {
      const preflight = await fetch(`${api.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: SHOP,
          'Access-Control-Request-Method': method,
          ...(unsafe.length === 0 ? {} : { 'Access-Control-Request-Headers': unsafe.join(',') }),
        },
      });
      const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(', ');
      expect([preflight.status, preflight.headers.get('access-control-allow-origin')], path).to.deep.equal([204, '*']);
      expect(preflight.headers.get('access-control-allow-methods'), path).to.include(method);
      expect(allowed, path).to.include.members([...unsafe]);
    }
  });
});
