import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { startBillingApi, type BillingApi, type Resource } from '../support/billing-api.js';
import { launchBrowser, noBrowserReason, seriousViolations, tabTo, watchedPage, type PageWatch } from '../support/browser.js';
import { ensureConsoleBuilt } from '../support/console-build.js';

const skipped = noBrowserReason();
const ACCOUNT = '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60';

/** Every page the tests pass through is checked with axe-core as they reach it. */
const accessible = async (page: Page, where: string): Promise<void> => {
  expect(await seriousViolations(page), where).to.deep.equal([]);
};

const signIn = async (page: Page, billing: BillingApi): Promise<void> => {
  await page.goto(`${billing.api.url}/console`);
  await page.getByLabel('Client id').fill(billing.api.store.key.clientId);
  await page.getByLabel('Client secret').fill(billing.api.store.clientSecret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
};

/** A product, a plan and an offering of both, made through the API for the tests that start past the catalogue. */
const offering = async (billing: BillingApi, name: string): Promise<Resource> => {
  const product = await billing.created('/v2/subscriptions/products', { type: 'subscription_product', attributes: { name: `${name} beans`, price: { USD: { amount: 1500, includes_tax: true } } } });
  const plan = await billing.created('/v2/subscriptions/plans', {
    type: 'subscription_plan',
    attributes: { name: 'Monthly', billing_interval_type: 'month', billing_frequency: 1, plan_length: 12, end_behavior: 'roll', can_pause: true, can_resume: true, can_cancel: true },
  });
  return billing.created('/v2/subscriptions/offerings/build', { name, products: [product.id], plans: [plan.id] });
};

const refusesNothing = async (watch: PageWatch, allowed: RegExp[] = []): Promise<void> => {
  await watch.checkApiAnswers();
  expect(watch.outbound, 'requests beyond the loopback').to.deep.equal([]);
  expect(watch.consoleErrors.filter((e) => !allowed.some((a) => a.test(e))), 'console errors').to.deep.equal([]);
};

(skipped === undefined ? describe : describe.skip)(`Console in a real browser${skipped === undefined ? '' : ` (skipped: ${skipped})`}`, function () {
  this.timeout(120_000);
  let browser: Browser;
  let billing: BillingApi;
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
    watch = await watchedPage(browser);
  });
  afterEach(async () => {
    await watch.context.close();
    await billing.stop();
  });

  it('signs in, creates a key and shows its secret once, builds an offering, makes and pauses a subscription, runs billing and settles the payment', async () => {
    const { page } = watch;
    await signIn(page, billing);
    await page.locator('.stat').filter({ hasText: 'Application keys' }).getByText('1', { exact: true }).waitFor();
    await page.locator('.stat').filter({ hasText: 'Subscriptions' }).getByText('0', { exact: true }).waitFor();
    // The budget is read from the rate headers: the test store's, with nothing reserved yet.
    await page.getByText(/^1,000,000 requests a second in all; 0 reserved by keys, 1,000,000 shared by every key\.$/).waitFor();
    await page.getByLabel(/^New prefix/).fill('consoletest');
    await page.getByRole('button', { name: 'Save prefix' }).click();
    await page.getByText('consoletest', { exact: true }).waitFor();
    await accessible(page, 'store');

    // A key: its secret is shown once, works, and is gone once dismissed.
    await page.getByRole('link', { name: 'Application keys' }).click();
    await page.getByText('Create a key', { exact: true }).first().click();
    await page.getByRole('form', { name: 'Create a key' }).getByLabel('Name').fill('Storefront');
    await page.getByRole('form', { name: 'Create a key' }).getByLabel(/Reserved requests/).fill('5');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-client-secret').textContent()) ?? '';
    const clientId = (await page.getByTestId('new-client-id').textContent()) ?? '';
    expect(secret).to.match(/^[0-9a-f]{40,}$/);
    const minted = await fetch(`${billing.api.url}/oauth/access_token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }) });
    expect(minted.status).to.equal(200);
    await accessible(page, 'keys with a new secret');
    await page.getByRole('button', { name: 'Copy the secret' }).click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).to.equal(secret);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('cell', { name: 'Storefront', exact: true }).waitFor();
    expect(await page.content()).not.to.include(secret);
    expect(await page.getByRole('row').filter({ hasText: 'Storefront' }).getByRole('cell').nth(2).textContent()).to.equal('5');
    await page.getByRole('link', { name: 'Store' }).click();
    await page.getByRole('row').filter({ hasText: 'Storefront' }).getByRole('cell', { name: '5', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Application keys' }).click();

    // The catalogue: a product, a plan, and an offering built of both.
    await page.getByRole('link', { name: 'Catalogue' }).click();
    await page.getByRole('link', { name: 'Products' }).click();
    await page.getByText('Create a product', { exact: true }).first().click();
    const productForm = page.getByRole('form', { name: 'Create a product' });
    await productForm.getByLabel('Name').fill('Coffee beans');
    await productForm.getByLabel(/^Price/).fill('1500');
    await productForm.getByLabel('The price includes tax').check();
    await productForm.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('cell', { name: 'Coffee beans' }).waitFor();
    await page.getByRole('link', { name: 'Plans' }).click();
    await page.getByText('Create a plan', { exact: true }).first().click();
    const planForm = page.getByRole('form', { name: 'Create a plan' });
    await planForm.getByLabel('Name').fill('Monthly');
    await planForm.getByRole('button', { name: 'Create plan' }).click();
    await page.getByRole('cell', { name: 'Monthly' }).waitFor();
    await page.getByRole('link', { name: 'Offerings' }).click();
    await page.getByText('Build an offering', { exact: true }).first().click();
    const buildForm = page.getByRole('form', { name: 'Build an offering' });
    await buildForm.getByLabel('Name').fill('Coffee club');
    await buildForm.getByLabel('Coffee beans').check();
    await buildForm.getByLabel('Monthly').check();
    await buildForm.getByRole('button', { name: 'Build offering' }).click();
    await page.getByRole('heading', { name: 'Coffee club', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Plans' }).getByRole('listitem').filter({ hasText: 'Monthly $15.00' }).waitFor();
    await page.getByRole('region', { name: 'Products' }).getByRole('listitem').filter({ hasText: 'Coffee beans' }).waitFor();
    await accessible(page, 'offering');

    // A subscription paid by manual payments, then paused.
    await page.getByRole('link', { name: 'Subscriptions' }).click();
    await page.getByText('Create a subscription', { exact: true }).first().click();
    const subscriptionForm = page.getByRole('form', { name: 'Create a subscription' });
    await subscriptionForm.getByLabel(/^Offering/).selectOption({ label: 'Coffee club' });
    await subscriptionForm.getByLabel('Plan').locator('option', { hasText: 'Monthly' }).waitFor({ state: 'attached' });
    await subscriptionForm.getByLabel(/^Account id/).fill(ACCOUNT);
    await subscriptionForm.getByLabel('Name').fill('Ada Lovelace');
    await subscriptionForm.getByLabel('Email').fill('ada@example.com');
    await subscriptionForm.getByLabel(/manual payments/).check();
    await accessible(page, 'subscription form');
    await subscriptionForm.getByRole('button', { name: 'Create subscription' }).click();
    await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
    expect(await page.getByTestId('subscription-state').textContent()).to.equal('active');
    await page.getByText(/^Monthly: every 1 month, \$15\.00$/).waitFor();
    await page.getByRole('button', { name: 'Pause subscription' }).click();
    await page.getByTestId('subscription-state').getByText('paused').waitFor();
    await page.getByRole('region', { name: 'State history' }).getByText(/^pause at/).waitFor();
    await page.getByRole('button', { name: 'Resume subscription' }).waitFor();
    await accessible(page, 'subscription');
    const subscriptionId = new URL(page.url()).hash.split('/')[2] ?? '';
    expect((await billing.read(`/v2/subscriptions/subscriptions/${subscriptionId}`)).meta['paused']).to.equal(true);

    // The list, filtered as the API filters.
    await page.getByRole('link', { name: '← Subscriptions' }).click();
    const filter = page.getByRole('form', { name: 'Add a filter condition' });
    await filter.getByLabel('Field').selectOption('email');
    await filter.getByLabel('Value').fill('ada@example.com');
    await filter.getByRole('button', { name: 'Add condition' }).click();
    await page.getByText('1 in all; page 1 of 1.').waitFor();
    expect(decodeURIComponent(page.url())).to.include('filter=eq(email,ada@example.com)');

    // Billing: the payment run asks for the manual payment, which the merchant settles.
    await page.getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('button', { name: 'Start billing run' }).click();
    await page.getByRole('button', { name: 'Start payment run' }).click();
    const outstanding = page.getByRole('region', { name: 'Outstanding invoices' });
    for (let i = 0; i < 100 && (await outstanding.getByRole('button', { name: 'Settle payment' }).count()) === 0; i++) {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(100);
    }
    await accessible(page, 'billing');
    await outstanding.getByLabel(/^Payment reference/).fill('bank-transfer-42');
    await outstanding.getByRole('button', { name: 'Settle payment' }).click();
    await outstanding.getByText('0 owed; the newest 25 are here.').waitFor();
    const invoices = await billing.read<Resource[]>(`/v2/subscriptions/subscriptions/${subscriptionId}/invoices`);
    expect(invoices.map((i) => i.attributes['outstanding'])).to.deep.equal([false]);
    await page.getByRole('table', { name: 'Jobs' }).or(page.getByRole('region', { name: 'Jobs' })).getByText('success').first().waitFor();

    // Sign-out forgets the token: the page asks for the key again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You signed out.').waitFor();
    await accessible(page, 'sign-in');
    await refusesNothing(watch);
  });

  it('does the main tasks with the keyboard alone: sign in, create a key, pause a subscription', async () => {
    const { page } = watch;
    const built = await offering(billing, 'Tea club');
    const plans = await billing.read<Resource[]>(`/v2/subscriptions/offerings/${built.id}/plans`);
    const subscription = await billing.created('/v2/subscriptions/subscriptions', {
      type: 'subscription',
      account_id: ACCOUNT,
      offering_id: built.id,
      plan_id: plans[0]?.id,
      currency: 'USD',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      payment_authority: { type: 'platform_payments_processor' },
    });
    await page.goto(`${billing.api.url}/console`);
    await tabTo(page, 'Client id');
    await page.keyboard.type(billing.api.store.key.clientId);
    await tabTo(page, 'Client secret');
    await page.keyboard.type(billing.api.store.clientSecret);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();

    await tabTo(page, 'Application keys');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Application keys', level: 1 }).waitFor();
    await tabTo(page, 'Create a key');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Name');
    await page.keyboard.type('Keyboard key');
    await page.keyboard.press('Enter');
    await page.getByTestId('new-client-secret').waitFor();
    await tabTo(page, 'I have stored it');
    await page.keyboard.press('Enter');
    await page.getByRole('cell', { name: 'Keyboard key', exact: true }).waitFor();

    await tabTo(page, 'Subscriptions');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Grace Hopper' }).waitFor();
    await tabTo(page, 'Grace Hopper');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
    await tabTo(page, 'Pause subscription');
    await page.keyboard.press('Space');
    await page.getByTestId('subscription-state').getByText('paused').waitFor();
    expect((await billing.read(`/v2/subscriptions/subscriptions/${subscription.id}`)).meta['paused']).to.equal(true);
    await refusesNothing(watch);
  });

  it('shows a refusal with every problem the API listed, and keeps what was typed', async () => {
    const { page } = watch;
    await signIn(page, billing);
    await page.getByRole('link', { name: 'Application keys' }).click();
    await page.getByText('Create a key', { exact: true }).first().click();
    const form = page.getByRole('form', { name: 'Create a key' });
    await form.getByLabel('Name').fill('Greedy');
    await form.getByLabel(/Reserved requests/).fill('999999999');
    await form.getByRole('button', { name: 'Create key' }).click();
    await form.getByRole('alert').getByText('requested reserved rate limit will exceed the maximum').waitFor();
    expect(await form.getByLabel('Name').inputValue()).to.equal('Greedy');
    await accessible(page, 'a refusal');
    // The browser reports the refused request itself; nothing else may be in the console.
    await refusesNothing(watch, [/Failed to load resource: the server responded with a status of 409/]);
  });

  it('ends the session when the token expires', async () => {
    const { page } = watch;
    await page.clock.install();
    await signIn(page, billing);
    await page.clock.fastForward('01:00:00');
    await page.getByText('Your session expired. Sign in again.').waitFor();
    await page.getByLabel('Client id').waitFor();
    await refusesNothing(watch);
  });

  it('ends the session when the API stops taking its token', async () => {
    const { page } = watch;
    await signIn(page, billing);
    const keys = await billing.read<{ id: string; client_id: string }[]>('/v2/application-keys');
    const own = keys.find((k) => k.client_id === billing.api.store.key.clientId);
    const response = await billing.api.request(`/v2/application-keys/${own?.id ?? ''}`, { method: 'DELETE' });
    expect(response.status).to.equal(204);
    await page.getByRole('link', { name: 'Subscriptions' }).click();
    await page.getByText(/Your session ended/).waitFor();
    await refusesNothing(watch, [/Failed to load resource: the server responded with a status of 401/]);
  });
});

(skipped === undefined ? describe : describe.skip)(`Console browser checks catch what they look for${skipped === undefined ? '' : ` (skipped: ${skipped})`}`, function () {
  this.timeout(60_000);
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('records and refuses a request beyond the loopback, reports console errors, and finds serious axe violations', async () => {
    const watch = await watchedPage(browser);
    try {
      await watch.page.setContent('<main><button></button><img src="http://example.invalid/pixel.png"></main>');
      await watch.page.evaluate(() => console.error('broken'));
      await watch.page.waitForTimeout(200);
      expect(watch.outbound).to.deep.equal(['http://example.invalid/pixel.png']);
      expect(watch.consoleErrors.some((e) => e.includes('broken'))).to.equal(true);
      const violations = await seriousViolations(watch.page);
      expect(violations.some((v) => v.startsWith('button-name'))).to.equal(true);
      expect(violations.some((v) => v.startsWith('image-alt'))).to.equal(true);
    } finally {
      await watch.context.close();
    }
  });
});
