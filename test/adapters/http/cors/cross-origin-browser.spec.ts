import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, noBrowserReason } from '../../../support/browser.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

const skipped = noBrowserReason();

/** What the storefront's script saw of one call: the status it read, or the network error a CORS refusal is. */
type Seen = { readonly status: number; readonly body: unknown } | { readonly refused: string };

/**
 * A storefront as a browser runs it: a page served from another origin on the loopback (`localhost`,
 * while the service is `127.0.0.1`), calling the service with `fetch` as the shopper SDK does.
 */
(skipped === undefined ? describe : describe.skip)(
  `Browser: a storefront on another origin calls the service${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
  function () {
    this.timeout(180_000);
    let api: TestApi;
    let storefront: Server;
    let storefrontOrigin: string;
    let browser: Browser;
    let page: Page;

    before(async () => {
      api = await startTestApi();
      storefront = createServer((_, res) => {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end('<!doctype html><title>Shop</title><p>Shop</p>');
      });
      await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', () => resolve()));
      storefrontOrigin = `http://localhost:${(storefront.address() as AddressInfo).port}`;
      browser = await launchBrowser();
      page = await browser.newPage();
      await page.goto(storefrontOrigin);
    });
    after(async () => {
      await browser?.close();
      await new Promise<void>((resolve) => (storefront === undefined ? resolve() : storefront.close(() => resolve())));
      await api?.close();
    });

    /** `fetch` run by the page, so the browser applies CORS to it. */
    const call = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string }) =>
      page.evaluate(
        async ([target, options]): Promise<Seen> => {
          try {
            const response = await fetch(target, options);
            const text = await response.text();
            return { status: response.status, body: text === '' ? null : JSON.parse(text) };
          } catch (error) {
            return { refused: String(error) };
          }
        },
        [url, init] as const,
      );

    const implicitToken = async (): Promise<Seen> =>
      call(`${api.url}/oauth/access_token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'implicit', client_id: api.store.key.clientId }).toString(),
      });

    it('gets an implicit token and reads the catalogue with it and the SDK’s headers, and reads a 401', async () => {
      const minted = await implicitToken();
      expect(minted).to.have.property('status', 200);
      const token = (minted as { body: { access_token: string } }).body.access_token;
      const read = await call(`${api.url}/v2/subscriptions/products`, {
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'EP-Channel': 'web',
          'EP-Context-Tag': 'shop',
        },
      });
      expect(read).to.have.property('status', 200);
      expect(
        await call(`${api.url}/v2/subscriptions/products`, { headers: { Authorization: 'Bearer nope' } }),
      ).to.deep.include({ status: 401 });
    });

    it('cannot read the merchant’s routes even with a client-credentials token', async () => {
      const token = await api.token();
      const settings = await call(`${api.url}/v2/settings`, { headers: { Authorization: `Bearer ${token}` } });
      expect(settings).to.have.property('refused');
      const write = await call(`${api.url}/v2/subscriptions/products`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: {} }),
      });
      expect(write).to.have.property('refused');
    });

    it('is refused by a store that names other origins, and let in once it names this one', async () => {
      const narrow = (origins: string[]) =>
        api.request('/v2/settings/cors', {
          ...jsonBody({ data: { type: 'settings', allowed_origins: origins } }),
          method: 'PUT',
        });
      expect((await narrow(['https://shop.example'])).status).to.equal(200);
      expect(await implicitToken()).to.have.property('refused');
      expect((await narrow(['https://shop.example', storefrontOrigin])).status).to.equal(200);
      expect(await implicitToken()).to.have.property('status', 200);
    });
  },
);
