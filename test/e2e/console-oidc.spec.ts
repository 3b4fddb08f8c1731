import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { type BillingApi, startBillingApi } from '../support/billing-api.js';
import {
  launchBrowser,
  noBrowserReason,
  type PageWatch,
  seriousViolations,
  tabTo,
  watchedPage,
} from '../support/browser.js';
import { ensureConsoleBuilt } from '../support/console-build.js';
import { startTestProvider, type TestProvider } from '../support/oidc-provider.js';
import { jsonBody } from '../support/test-api.js';

const skipped = noBrowserReason();
const CLIENT = { clientId: 'console-client', clientSecret: 'a client secret of the console at the provider' };
const SIGN_IN_BUTTON = 'Sign in with Staff SSO';

/** The store's login prefix, and an OpenID Connect profile of its merchant realm made through the API. */
const seedProfile = async (billing: BillingApi, provider: TestProvider): Promise<void> => {
  const { api } = billing;
  const mapping = await billing.read<{ realm_id: string }>('/v2/merchant-realm-mappings');
  await billing.created(`/v2/authentication-realms/${mapping.realm_id}/oidc-profiles`, {
    type: 'oidc-profile',
    name: 'Staff SSO',
    discovery_url: provider.discoveryUrl,
    client_id: CLIENT.clientId,
    client_secret: CLIENT.clientSecret,
  });
  const mapped = await api.request(`/v2/merchant-realm-mappings/${api.store.realmMapping.id}`, {
    ...jsonBody({ data: { type: 'merchant-realm-mappings', prefix: 'acme' } }),
    method: 'PUT',
  });
  expect(mapped.status).to.equal(200);
};

const signedInAsAda = async (page: Page): Promise<void> => {
  await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
  await page.getByText('Ada Lovelace (read-only)').waitFor();
};

const atSignInPage = async (page: Page, billing: BillingApi): Promise<void> => {
  await page.goto(`${billing.api.url}/console/login/acme`);
  await page.getByRole('heading', { name: 'Sign in to Test store' }).waitFor();
};

(skipped === undefined ? describe : describe.skip)(
  `Console: people signing in through an OpenID Connect provider, in a real browser${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
  function () {
    this.timeout(120_000);
    let browser: Browser;
    let billing: BillingApi;
    let provider: TestProvider;
    let watch: PageWatch & { context: { close(): Promise<void> } };

    before(async () => {
      await ensureConsoleBuilt();
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
    });
    beforeEach(async () => {
      billing = await startBillingApi({ kind: 'memory' });
      provider = await startTestProvider([{ ...CLIENT, redirectUri: `${billing.api.url}/console/oidc/callback` }]);
      provider.person('ada-sub', { email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace' });
      await seedProfile(billing, provider);
      watch = await watchedPage(browser);
    });
    afterEach(async () => {
      await watch.context.close();
      await provider.close();
      await billing.stop();
    });

    it("signs a person in at the provider from the store's sign-in page, and keeps them signed in across a reload", async () => {
      const { page } = watch;
      await atSignInPage(page, billing);
      expect(await seriousViolations(page), 'the sign-in page').to.deep.equal([]);
      await page.getByRole('link', { name: SIGN_IN_BUTTON }).click();
      // The provider's own login form: its login is the person's subject.
      await page.waitForURL((url) => url.origin === provider.issuer);
      await page.locator('input[name="login"]').fill('ada-sub');
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.waitForURL((url) => url.origin === billing.api.url && url.pathname === '/console');
      await signedInAsAda(page);
      await page.reload();
      await signedInAsAda(page);
      expect(
        await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie),
        'no cookie of the service a script can read',
      ).to.equal('');
      await watch.checkApiAnswers();
      // The provider's development login page asks for a web font; the console itself asks nothing off the host.
      expect(
        watch.outbound.filter((url) => !url.startsWith('https://fonts.googleapis.com/')),
        'requests leaving the host',
      ).to.deep.equal([]);
      // A read-only person may not read the store's keys or realm mapping: the store page says so, and the
      // browser logs each refused request (403) as a failed load; the provider's blocked font is logged too.
      await page.getByText('the role read-only does not allow this request').first().waitFor();
      expect(
        watch.consoleErrors.filter(
          (e) => !e.includes('401') && !e.includes('status of 403') && !e.includes('ERR_BLOCKED_BY_CLIENT'),
        ),
        'console errors',
      ).to.deep.equal([]);
    });

    it("reaches and presses the provider's button with the keyboard alone", async () => {
      const { page } = watch;
      await atSignInPage(page, billing);
      await tabTo(page, SIGN_IN_BUTTON);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.origin === provider.issuer);
      // The provider's form focuses its login field first.
      await page.locator('input[name="login"]:focus').waitFor();
      await page.keyboard.type('ada-sub');
      await page.keyboard.press('Tab');
      await page.keyboard.type('anything');
      await page.keyboard.press('Enter');
      await signedInAsAda(page);
    });
  },
);
