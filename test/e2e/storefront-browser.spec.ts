import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type BillingApi, startBillingApi } from '../support/billing-api.js';
import { launchBrowser, noBrowserReason } from '../support/browser.js';
import { assertDocumented } from '../support/openapi-contract.js';
import { billAndCollect, openShopperStore, type ShopperStore, subscribeAccount } from '../support/shopper-store.js';
import { type StorefrontServer, serveStorefront } from '../support/storefront-server.js';
import type { TestApi } from '../support/test-api.js';

const skipped = noBrowserReason();
const OTHER_ACCOUNT = '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A storefront tab: what it did that a test refuses (console errors, requests beyond the loopback, undocumented answers). */
interface StorefrontTab {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly problems: string[];
  /** Every API request the page made, as `METHOD path`. */
  readonly calls: string[];
  /** The `Access-Control-Allow-Origin` of every API answer the page read. */
  readonly allowedOrigins: (string | undefined)[];
}

/**
 * A tab with no interception of the API's requests, so that the browser's own CORS checks decide what the page
 * may read; only requests leaving the host are stopped (and recorded).
 */
const openTab = async (browser: Browser, serviceUrl: string): Promise<StorefrontTab> => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const problems: string[] = [];
  const calls: string[] = [];
  const allowedOrigins: (string | undefined)[] = [];
  await context.route(
    (url) => !LOOPBACK.has(url.hostname),
    async (route) => {
      problems.push(`request beyond the loopback: ${route.request().url()}`);
      await route.abort('blockedbyclient');
    },
  );
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    if (request.url().startsWith(serviceUrl)) calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  page.on('response', async (response) => {
    const request = response.request();
    if (!response.url().startsWith(serviceUrl) || request.method() === 'OPTIONS') return;
    const url = new URL(response.url());
    const headers = await response.allHeaders();
    allowedOrigins.push(headers['access-control-allow-origin']);
    // Chromium may drop a body the page has read before the test asks for it; such an answer is held to its
    // status alone (the test checks its effect through the merchant's API).
    const body = await response.text().catch(() => undefined);
    if (body === undefined) {
      if (response.status() >= 400) problems.push(`${request.method()} ${url.pathname}: ${response.status()}`);
      return;
    }
    try {
      const posted = request.postData();
      assertDocumented(
        {
          method: request.method(),
          path: `${url.pathname}${url.search}`,
          status: response.status(),
          header: (name) => headers[name.toLowerCase()] ?? null,
          body,
          requestBody:
            posted === null
              ? undefined
              : posted.startsWith('{')
                ? JSON.parse(posted)
                : Object.fromEntries(new URLSearchParams(posted)),
        },
        '2025',
      );
    } catch (error) {
      problems.push(`${request.method()} ${url.pathname}: ${(error as Error).message}`);
    }
  });
  return { context, page, problems, calls, allowedOrigins };
};

const stateOf = (page: Page, subscriptionId: string) =>
  page.locator(`li[data-subscription-id="${subscriptionId}"] > .state`);

(skipped === undefined ? describe : describe.skip)(
  `A storefront on another origin, in a real browser, with EPCC's shopper SDK${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
  function () {
    this.timeout(120_000);
    let browser: Browser;
    let billing: BillingApi;
    let api: TestApi;
    let store: ShopperStore;
    let storefront: StorefrontServer;
    const tabs: StorefrontTab[] = [];

    before(async () => {
      browser = await launchBrowser();
      billing = await startBillingApi({ kind: 'memory' });
      api = billing.api;
      store = await openShopperStore(api);
      storefront = await serveStorefront({
        baseUrl: api.url,
        clientId: store.clientId,
        passwordProfileId: store.passwordProfileId,
      });
    });
    after(async () => {
      for (const tab of tabs) await tab.context.close();
      await storefront?.close();
      await browser?.close();
      await billing?.stop();
    });

    it('signs a shopper up, lists their subscriptions, invoices and payments, cancels one, and signs in again', async () => {
      const tab = await openTab(browser, api.url);
      tabs.push(tab);
      const { page } = tab;
      await page.goto(storefront.url);
      await page.getByRole('status').getByText('Ready').waitFor();

      const signup = page.locator('#signup');
      await signup.getByLabel('Name').fill('Grace Hopper');
      await signup.getByLabel('Email').fill('grace@example.com');
      await signup.getByLabel('Password').fill('correct horse battery staple');
      await signup.getByRole('button', { name: 'Sign up' }).click();
      await page.getByRole('status').getByText('0 subscriptions').waitFor();
      const accountId = await page.locator('#account').getAttribute('data-account-id');
      expect(accountId).to.match(/^[0-9a-f-]{36}$/);
      expect(await page.locator('#account').textContent()).to.equal('Grace Hopper');

      // The storefront's server (client credentials) subscribes the new account twice, and someone else once.
      const monthly = await subscribeAccount(store, accountId!, 0);
      const yearly = await subscribeAccount(store, accountId!, 1);
      const someoneElses = await subscribeAccount(store, OTHER_ACCOUNT, 0);
      await billAndCollect(store);

      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByRole('status').getByText('2 subscriptions').waitFor();
      const shown = await page
        .locator('#subscriptions > li')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-subscription-id')));
      expect([...shown].sort()).to.deep.equal([monthly, yearly].sort());
      expect(shown).not.to.include(someoneElses);
      for (const id of [monthly, yearly]) {
        expect(await stateOf(page, id).textContent()).to.equal('Active');
        const invoices = page.locator(`li[data-subscription-id="${id}"] .invoices > li`);
        expect(await invoices.count(), `the invoices of ${id}`).to.equal(1);
        expect(await invoices.locator('.payments > li').count(), `the payments of ${id}`).to.equal(1);
      }

      await page.locator(`li[data-subscription-id="${monthly}"]`).getByRole('button', { name: 'Cancel' }).click();
      await stateOf(page, monthly).getByText('Canceled').waitFor();
      expect(await stateOf(page, yearly).textContent()).to.equal('Active');
      const merchantView = await store.wire.ok('GET', `/subscriptions/${monthly}`);
      expect(merchantView.data.meta.canceled, 'the cancel reached the store').to.equal(true);

      // Another tab starts with nothing (the member token is held in memory) and signs in with the password.
      const again = await openTab(browser, api.url);
      tabs.push(again);
      await again.page.goto(storefront.url);
      const signin = again.page.locator('#signin');
      await signin.getByLabel('Email').fill('grace@example.com');
      await signin.getByLabel('Password').fill('correct horse battery staple');
      await signin.getByRole('button', { name: 'Sign in' }).click();
      await again.page.getByRole('status').getByText('2 subscriptions').waitFor();
      await stateOf(again.page, monthly).getByText('Canceled').waitFor();

      // The SDK fetched its implicit token itself, and every answer the page read was allowed to it by the
      // service (the store allows every origin by default), preflighted or not.
      expect(tab.calls).to.include('POST /oauth/access_token');
      expect(tab.calls).to.include('POST /v2/account-members/tokens');
      expect(new Set(tab.allowedOrigins)).to.deep.equal(new Set(['*']));
      expect(tab.problems, 'console errors, undocumented answers').to.deep.equal([]);
      expect(again.problems, 'console errors, undocumented answers').to.deep.equal([]);
    });

    // Signs in as the shopper the test above signed up.
    it('shows a wrong password as the service words it, and lets the right one in afterwards', async () => {
      const tab = await openTab(browser, api.url);
      tabs.push(tab);
      const { page } = tab;
      await page.goto(storefront.url);
      const signin = page.locator('#signin');
      await signin.getByLabel('Email').fill('grace@example.com');
      await signin.getByLabel('Password').fill('not the password');
      await signin.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByRole('status')
        .getByText(/^Sign-in failed: /)
        .waitFor();
      await signin.getByLabel('Password').fill('correct horse battery staple');
      await signin.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('status').getByText('2 subscriptions').waitFor();
      // The refused sign-in is an answer the page read (a 401), not a console error of a blocked request.
      expect(tab.problems.filter((p) => !/401 \(Unauthorized\)/.test(p))).to.deep.equal([]);
    });
  },
);
