import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { pino } from 'pino';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_INTEGRATION_SETTINGS } from '../../src/adapters/config/integration-settings.js';
import { type RunningRelay, startRelay } from '../../src/adapters/integrations/start-relay.js';
import { PEOPLE_TOKENS } from '../../src/application/people-tokens.js';
import { type BillingApi, type Resource, startBillingApi } from '../support/billing-api.js';
import {
  launchBrowser,
  noBrowserReason,
  type PageWatch,
  seriousViolations,
  tabTo,
  watchedPage,
} from '../support/browser.js';
import { ensureConsoleBuilt } from '../support/console-build.js';
import { deliverOnLoopback } from '../support/integration-fakes.js';
import { LogCapture } from '../support/test-api.js';

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
const offering = async (billing: BillingApi, name: string, includesTax = true): Promise<Resource> => {
  const product = await billing.created('/v2/subscriptions/products', {
    type: 'subscription_product',
    attributes: { name: `${name} beans`, price: { USD: { amount: 1500, includes_tax: includesTax } } },
  });
  const plan = await billing.created('/v2/subscriptions/plans', {
    type: 'subscription_plan',
    attributes: {
      name: 'Monthly',
      billing_interval_type: 'month',
      billing_frequency: 1,
      plan_length: 12,
      end_behavior: 'roll',
      can_pause: true,
      can_resume: true,
      can_cancel: true,
    },
  });
  return billing.created('/v2/subscriptions/offerings/build', { name, products: [product.id], plans: [plan.id] });
};

const refusesNothing = async (watch: PageWatch, allowed: RegExp[] = []): Promise<void> => {
  await watch.checkApiAnswers();
  expect(watch.outbound, 'requests beyond the loopback').to.deep.equal([]);
  expect(
    watch.consoleErrors.filter((e) => !allowed.some((a) => a.test(e))),
    'console errors',
  ).to.deep.equal([]);
};

(skipped === undefined ? describe : describe.skip)(
  `Console in a real browser${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
  function () {
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
      await page
        .getByText(/^1,000,000 requests a second in all; 0 reserved by keys, 1,000,000 shared by every key\.$/)
        .waitFor();
      await page.getByLabel(/^New prefix/).fill('consoletest');
      await page.getByRole('button', { name: 'Save prefix' }).click();
      await page.getByText('consoletest', { exact: true }).waitFor();
      await accessible(page, 'store');

      // A key: its secret is shown once, works, and is gone once dismissed.
      await page.getByRole('link', { name: 'Application keys' }).click();
      await page.getByText('Create a key', { exact: true }).first().click();
      await page.getByRole('form', { name: 'Create a key' }).getByLabel('Name').fill('Storefront');
      await page
        .getByRole('form', { name: 'Create a key' })
        .getByLabel(/Reserved requests/)
        .fill('5');
      await page.getByRole('button', { name: 'Create key' }).click();
      const secret = (await page.getByTestId('new-client-secret').textContent()) ?? '';
      const clientId = (await page.getByTestId('new-client-id').textContent()) ?? '';
      expect(secret).to.match(/^[0-9a-f]{40,}$/);
      const minted = await fetch(`${billing.api.url}/oauth/access_token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
      });
      expect(minted.status).to.equal(200);
      await accessible(page, 'keys with a new secret');
      await page.getByRole('button', { name: 'Copy the secret' }).click();
      await page.getByText('Copied.').waitFor();
      expect(
        await page.evaluate(() =>
          (
            globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
          ).navigator.clipboard.readText(),
        ),
      ).to.equal(secret);
      await page.getByRole('button', { name: 'I have stored it' }).click();
      await page.getByRole('cell', { name: 'Storefront', exact: true }).waitFor();
      expect(await page.content()).not.to.include(secret);
      expect(
        await page.getByRole('row').filter({ hasText: 'Storefront' }).getByRole('cell').nth(2).textContent(),
      ).to.equal('5');
      await page.getByRole('link', { name: 'Store' }).click();
      await page
        .getByRole('row')
        .filter({ hasText: 'Storefront' })
        .getByRole('cell', { name: '5', exact: true })
        .waitFor();
      await page.getByRole('link', { name: 'Application keys' }).click();

      // The catalogue: a product, a plan, and an offering built of both.
      await page.getByRole('link', { name: 'Catalogue' }).click();
      await page.getByRole('link', { name: 'Products' }).click();
      await page.getByText('Create a product', { exact: true }).first().click();
      const productForm = page.getByRole('form', { name: 'Create a product' });
      await productForm.getByLabel('Name').fill('Coffee beans');
      await productForm.getByLabel(/^Price/).fill('15');
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
      await page
        .getByRole('region', { name: 'Plans' })
        .getByRole('listitem')
        .filter({ hasText: 'Monthly $15.00' })
        .waitFor();
      await page
        .getByRole('region', { name: 'Products' })
        .getByRole('listitem')
        .filter({ hasText: 'Coffee beans' })
        .waitFor();
      await accessible(page, 'offering');

      // A subscription paid by manual payments, then paused.
      await page.getByRole('link', { name: 'Subscriptions' }).click();
      await page.getByText('Create a subscription', { exact: true }).first().click();
      const subscriptionForm = page.getByRole('form', { name: 'Create a subscription' });
      // The subscriber's account and the offering are picked by name, never typed as ids.
      await billing.created('/v2/accounts', { type: 'account', name: 'Analytical Engines' });
      await subscriptionForm.getByRole('combobox', { name: "Subscriber's account" }).fill('Analytical');
      await subscriptionForm.getByRole('option', { name: 'Analytical Engines' }).click();
      await subscriptionForm.getByRole('combobox', { name: 'Offering' }).fill('Coffee');
      await subscriptionForm.getByRole('option', { name: 'Coffee club' }).click();
      await subscriptionForm
        .getByLabel('Plan')
        .locator('option', { hasText: 'Monthly' })
        .waitFor({ state: 'attached' });
      await subscriptionForm.getByLabel(/^Name/).fill('Ada Lovelace');
      await subscriptionForm.getByLabel('Email').fill('ada@example.com');
      await subscriptionForm.getByLabel(/manual payments/).check();
      await accessible(page, 'subscription form');
      await subscriptionForm.getByRole('button', { name: 'Create subscription' }).click();
      await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
      expect(await page.getByTestId('subscription-state').textContent()).to.equal('active');
      await page.getByText(/^Monthly: every 1 month, \$15\.00$/).waitFor();
      await page.getByRole('button', { name: 'Pause subscription' }).click();
      await page.getByTestId('subscription-state').getByText('paused').waitFor();
      await page
        .getByRole('region', { name: 'State history' })
        .getByText(/^pause at/)
        .waitFor();
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
      await page.getByRole('link', { name: 'Billing', exact: true }).click();
      await page.getByRole('button', { name: 'Start billing run' }).click();
      await page.getByRole('button', { name: 'Start payment run' }).click();
      const outstanding = page.getByRole('region', { name: 'Outstanding invoices' });
      for (
        let i = 0;
        i < 100 && (await outstanding.getByRole('button', { name: 'Settle payment' }).count()) === 0;
        i++
      ) {
        await page.getByRole('button', { name: 'Refresh' }).click();
        await page.waitForTimeout(100);
      }
      await accessible(page, 'billing');
      await outstanding.getByLabel(/^Payment reference/).fill('bank-transfer-42');
      await outstanding.getByRole('button', { name: 'Settle payment' }).click();
      await outstanding.getByText('0 owed; the newest 25 are here.').waitFor();
      const invoices = await billing.read<Resource[]>(`/v2/subscriptions/subscriptions/${subscriptionId}/invoices`);
      expect(invoices.map((i) => i.attributes['outstanding'])).to.deep.equal([false]);
      await page
        .getByRole('table', { name: 'Jobs' })
        .or(page.getByRole('region', { name: 'Jobs' }))
        .getByText('success')
        .first()
        .waitFor();

      // The invoices, filtered as the API filters them: the settled one is paid.
      await page.getByRole('link', { name: 'Invoices' }).click();
      const invoiceFilter = page.getByRole('form', { name: 'Add a filter condition' });
      await invoiceFilter.getByLabel('Field').selectOption('outstanding');
      await invoiceFilter.getByLabel('Value').selectOption('false');
      await invoiceFilter.getByRole('button', { name: 'Add condition' }).click();
      await page.getByText('1 in all; page 1 of 1.').waitFor();
      const paidRow = page.getByRole('table', { name: 'Invoices' }).getByRole('row').nth(1);
      // Names before ids: the subscription is named as the subscriptions list names it.
      await paidRow.getByRole('cell').nth(2).getByRole('link', { name: 'Ada Lovelace', exact: true }).waitFor();
      expect(await paidRow.getByRole('cell').nth(4).textContent()).to.equal('not required');
      expect(await paidRow.getByRole('cell').nth(5).textContent()).to.equal('paid');
      await paidRow.getByText(/succeeded/).waitFor();
      await accessible(page, 'invoices');

      // Sign-out ends the session and clears its cookie: the page asks for the key again.
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByText('You signed out.').waitFor();
      await accessible(page, 'sign-in');
      await refusesNothing(watch);
    });

    it("renames, re-reserves and deletes a key; detaches and attaches; resumes and cancels; schedules runs; runs tax; pages; lists an import's line errors", async () => {
      const { page } = watch;
      const built = await offering(billing, 'Cocoa club', false);
      const extraPlan = await billing.created('/v2/subscriptions/plans', {
        type: 'subscription_plan',
        attributes: {
          name: 'Weekly',
          billing_interval_type: 'week',
          billing_frequency: 1,
          plan_length: 4,
          end_behavior: 'close',
          can_pause: true,
          can_resume: true,
          can_cancel: true,
        },
      });
      const plans = await billing.read<Resource[]>(`/v2/subscriptions/offerings/${built.id}/plans`);
      const subscription = await billing.created('/v2/subscriptions/subscriptions', {
        type: 'subscription',
        account_id: ACCOUNT,
        offering_id: built.id,
        plan_id: plans[0]?.id,
        currency: 'USD',
        name: 'Alan Turing',
        email: 'alan@example.com',
        manual_payments: true,
        payment_authority: { type: 'platform_payments_processor' },
      });
      for (let i = 0; i < 27; i++)
        await billing.created('/v2/subscriptions/products', {
          type: 'subscription_product',
          attributes: { name: `Filler ${String(i).padStart(2, '0')}` },
        });
      await signIn(page, billing);

      // A key renamed, its reservation changed, then deleted after a second thought.
      await page.getByRole('link', { name: 'Application keys' }).click();
      await page.getByText('Create a key', { exact: true }).first().click();
      await page.getByRole('form', { name: 'Create a key' }).getByLabel('Name').fill('Old name');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByRole('button', { name: 'I have stored it' }).click();
      await page.getByRole('button', { name: 'Edit Old name' }).click();
      const edit = page.getByRole('form', { name: 'Edit Old name' });
      await edit.getByLabel('Name').fill('New name');
      await edit.getByLabel(/Reserved requests/).fill('7');
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('cell', { name: 'New name', exact: true }).waitFor();
      const keys = await billing.read<{ name: string; reserved_rate_limit?: number }[]>('/v2/application-keys');
      expect(keys.find((k) => k.name === 'New name')?.reserved_rate_limit).to.equal(7);
      const row = page.getByRole('row').filter({ hasText: 'New name' });
      await row.getByRole('button', { name: 'Delete' }).click();
      await row.getByRole('button', { name: 'Delete New name and end its tokens' }).click();
      await page.getByRole('cell', { name: 'New name', exact: true }).waitFor({ state: 'detached' });
      expect((await billing.read<{ name: string }[]>('/v2/application-keys')).map((k) => k.name)).not.to.include(
        'New name',
      );

      // Products page through the list 25 at a time, the offset in the address.
      await page.getByRole('link', { name: 'Catalogue' }).click();
      await page.getByRole('link', { name: 'Products' }).click();
      await page.getByText('28 in all; page 1 of 2.').waitFor();
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.getByText('28 in all; page 2 of 2.').waitFor();
      expect(page.url()).to.include('offset=25');
      expect(await page.getByRole('row').count()).to.equal(4);

      // An offering: attach a plan, detach it again.
      await page.getByRole('link', { name: 'Offerings' }).click();
      await page.getByRole('link', { name: 'Cocoa club' }).click();
      const planRegion = page.getByRole('region', { name: 'Plans' });
      await planRegion.locator('summary', { hasText: 'Attach plans' }).click();
      await planRegion.getByRole('form', { name: 'Attach plans' }).getByLabel('Weekly').check();
      await planRegion.getByRole('button', { name: 'Attach plans' }).click();
      await planRegion.getByRole('listitem').filter({ hasText: 'Weekly' }).waitFor();
      expect(
        (await billing.read<Resource[]>(`/v2/subscriptions/offerings/${built.id}/plans`)).map(
          (p) => p.attributes['name'],
        ),
      ).to.include('Weekly');
      const weekly = planRegion.getByRole('listitem').filter({ hasText: 'Weekly' });
      await weekly.getByRole('button', { name: 'Detach' }).click();
      await weekly.getByRole('button', { name: 'Detach Weekly' }).click();
      await weekly.waitFor({ state: 'detached' });
      expect(
        (await billing.read<Resource[]>(`/v2/subscriptions/offerings/${built.id}/plans`)).map(
          (p) => p.attributes['name'],
        ),
      ).to.deep.equal(['Monthly']);
      expect(extraPlan.id).to.be.a('string');

      // A subscription paused, resumed, then canceled: each action only where EPCC allows it.
      await page.goto(`${billing.api.url}/console#/subscriptions/${subscription.id}`);
      await page.getByRole('button', { name: 'Pause subscription' }).click();
      await page.getByRole('button', { name: 'Resume subscription' }).click();
      await page.getByRole('button', { name: 'Pause subscription' }).waitFor();
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await page.getByTestId('subscription-state').getByText('canceled').waitFor();
      expect(await page.getByRole('region', { name: 'Actions' }).getByRole('button').count()).to.equal(0);
      expect(
        await page.getByRole('region', { name: 'State history' }).getByRole('listitem').allTextContents(),
      ).to.have.length(3);
      const invoiceId =
        (await billing.read<Resource[]>(`/v2/subscriptions/subscriptions/${subscription.id}/invoices`))[0]?.id ?? '';

      // Billing: a tax run for the invoice, and a schedule.
      await page.getByRole('link', { name: 'Billing', exact: true }).click();
      await page.getByText('Start a tax run').click();
      const tax = page.getByRole('form', { name: 'Start a tax run' });
      await tax.getByLabel('Invoice id').fill(invoiceId);
      await tax.getByLabel(/^Rate/).fill('20');
      await tax.getByLabel('Jurisdiction').fill('GB');
      await tax.getByRole('button', { name: 'Start tax run' }).click();
      for (let i = 0; i < 100 && (await page.getByRole('cell', { name: 'tax-run', exact: true }).count()) === 0; i++)
        await page.waitForTimeout(50);
      const taxRow = page.getByRole('row').filter({ hasText: 'tax-run' });
      for (let i = 0; i < 100 && !(await taxRow.textContent())?.includes('success'); i++) {
        await page.getByRole('button', { name: 'Refresh' }).click();
        await page.waitForTimeout(100);
      }
      await taxRow
        .locator('.report div')
        .filter({ hasText: 'Invoices taxed' })
        .getByText('1', { exact: true })
        .waitFor();
      await page.getByText('Add a schedule').click();
      const schedule = page.getByRole('form', { name: 'Add a schedule' });
      await schedule.getByLabel(/^When/).fill('30 0 * * *');
      await schedule.getByLabel(/^Time zone/).fill('Europe/London');
      await schedule.getByLabel(/^Name/).fill('Nightly billing');
      await schedule.getByRole('button', { name: 'Add schedule' }).click();
      await page
        .getByRole('region', { name: 'Schedules' })
        .getByText(/^Nightly billing: 30 0 \* \* \* Europe\/London, next/)
        .waitFor();
      await accessible(page, 'billing with a schedule');

      // An import: one line imported, one refused with its reason.
      await page.getByRole('link', { name: 'Imports' }).click();
      const lines = [
        JSON.stringify({
          data: { type: 'subscription_product', attributes: { name: 'Imported beans', external_ref: 'imp-1' } },
        }),
        '{"data": not json',
      ].join('\n');
      await page
        .getByLabel('File (JSONL)')
        .setInputFiles({ name: 'catalogue.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(`${lines}\n`) });
      await page.getByLabel(/^External reference/).fill('console-import');
      await page.getByRole('button', { name: 'Upload' }).click();
      const importRow = page.getByRole('row').filter({ hasText: 'console-import' });
      for (let i = 0; i < 100 && !(await importRow.textContent().catch(() => ''))?.includes('success'); i++) {
        await page.getByRole('button', { name: 'Refresh' }).click();
        await page.waitForTimeout(100);
      }
      // One product line uploaded and imported; the broken line has no record type to count it under.
      await importRow.getByRole('cell', { name: '1 product', exact: true }).nth(1).waitFor();
      expect(await importRow.getByRole('cell', { name: '1 product', exact: true }).count()).to.equal(2);
      await importRow.getByRole('button', { name: 'Show line errors' }).click();
      await page.getByText(/^Line 2 \(.*\): /).waitFor();
      await accessible(page, 'imports with line errors');
      await refusesNothing(watch);
    });

    it('works the same on a store whose un-prefixed paths speak the 2025 generation: it calls the API under /generations/2024', async () => {
      // Made on the 2024 wire while the store still speaks it; the console then reads the same records.
      await offering(billing, 'Mate club');
      const settings = await billing.api.request('/v2/settings', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { type: 'settings', subscriptions_generation: '2025' } }),
      });
      expect(settings.status).to.equal(200);
      const { page } = watch;
      await signIn(page, billing);
      await page.getByRole('link', { name: 'Catalogue' }).click();
      await page.getByRole('link', { name: 'Offerings' }).click();
      await page.getByRole('link', { name: 'Mate club' }).click();
      await page.getByText('Mate club beans').first().waitFor();
      await page.getByRole('link', { name: 'Subscriptions' }).first().click();
      await page.getByRole('heading', { name: 'Subscriptions', level: 1 }).waitFor();
      await refusesNothing(watch);
    });

    it('keeps dunning rules and proration policies: add, list, delete', async () => {
      const { page } = watch;
      await signIn(page, billing);
      await page.getByRole('link', { name: 'Billing rules' }).click();
      await page.getByText('Add a dunning rule', { exact: true }).first().click();
      const dunning = page.getByRole('form', { name: 'Add a dunning rule' });
      await dunning.getByRole('combobox', { name: /^Retries/ }).selectOption('backoff');
      await dunning.getByLabel('Most retries').fill('4');
      await dunning.getByLabel(/^Retry every/).fill('2');
      await dunning.getByRole('combobox', { name: /^When the retries run out/ }).selectOption('pause');
      await dunning.getByLabel("The store's default rule").check();
      await dunning.getByRole('button', { name: 'Add dunning rule' }).click();
      await page
        .getByRole('table', { name: 'Dunning rules' })
        .getByRole('cell', { name: 'backoff, at most 4, every 2 day', exact: true })
        .waitFor();
      const rules = await billing.read<Resource[]>('/v2/subscriptions/dunning-rules');
      expect(
        rules.map((r) => [
          r.attributes['payment_retry_type'],
          r.attributes['payment_retries_limit'],
          r.attributes['action'],
          r.attributes['default'],
        ]),
      ).to.deep.equal([['backoff', 4, 'pause', true]]);

      await page.getByText('Add a proration policy', { exact: true }).first().click();
      const proration = page.getByRole('form', { name: 'Add a proration policy' });
      await proration.getByLabel('Name').fill('Round to the nearest cent');
      await proration.getByRole('combobox', { name: /^Rounding/ }).selectOption('nearest');
      await proration.getByRole('button', { name: 'Add proration policy' }).click();
      const policyRow = page
        .getByRole('table', { name: 'Proration policies' })
        .getByRole('row')
        .filter({ hasText: 'Round to the nearest cent' });
      await policyRow.getByRole('cell', { name: 'nearest', exact: true }).waitFor();
      await accessible(page, 'billing rules');
      await policyRow.getByRole('button', { name: 'Delete' }).click();
      await policyRow.getByRole('button', { name: 'Delete Round to the nearest cent' }).click();
      await policyRow.waitFor({ state: 'detached' });
      expect(await billing.read<Resource[]>('/v2/subscriptions/proration-policies')).to.deep.equal([]);
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
      // The new page is announced as a page load is: its title, and the focus at the start of its content.
      expect(await page.title()).to.equal('Application keys · commerce-core console');
      expect(
        await page.evaluate(
          () =>
            (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement
              ?.id,
        ),
      ).to.equal('main');
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

    it('takes 9.99 as 999 and 5.8 % as the rate 0.058, which taxes 1500 at 87; refuses a price with more decimals than its currency', async () => {
      const { page } = watch;
      const posted: unknown[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/v2/subscriptions/jobs'))
          posted.push(request.postDataJSON());
      });
      await signIn(page, billing);

      // A price in dollars and cents: stored in cents, shown as money.
      await page.getByRole('link', { name: 'Catalogue' }).click();
      await page.getByRole('link', { name: 'Products' }).click();
      await page.getByText('Create a product', { exact: true }).first().click();
      const productForm = page.getByRole('form', { name: 'Create a product' });
      await productForm.getByLabel('Name').fill('Espresso cup');
      await productForm.getByLabel(/^Price/).fill('9.999');
      await productForm.getByRole('button', { name: 'Create product' }).click();
      await productForm.getByRole('alert').getByText('Price: USD has 2 decimals, 9.999 has 3').waitFor();
      expect(await billing.read('/v2/subscriptions/products')).to.deep.equal([]);
      await accessible(page, 'a price refused before sending');
      await productForm.getByLabel(/^Price/).fill('9.99');
      await productForm.getByRole('button', { name: 'Create product' }).click();
      await page.getByRole('row').filter({ hasText: 'Espresso cup' }).getByRole('cell', { name: '$9.99' }).waitFor();
      const [product] = await billing.read<Resource[]>('/v2/subscriptions/products');
      expect(product?.attributes['price']).to.deep.equal({ USD: { amount: 999, includes_tax: false } });
      // A currency without minor units takes whole amounts only.
      await productForm.getByLabel('Name').fill('Matcha whisk');
      await productForm.getByLabel('Currency', { exact: true }).fill('JPY');
      await productForm.getByLabel(/^Price/).fill('15.5');
      await productForm.getByRole('button', { name: 'Create product' }).click();
      await productForm.getByRole('alert').getByText('JPY has no minor unit, so 15.5 cannot be charged').waitFor();
      await productForm.getByLabel(/^Price/).fill('1500');
      await productForm.getByRole('button', { name: 'Create product' }).click();
      await page.getByRole('row').filter({ hasText: 'Matcha whisk' }).getByRole('cell', { name: '¥1,500' }).waitFor();
      const whisk = (await billing.read<Resource[]>('/v2/subscriptions/products')).find(
        (p) => p.attributes['name'] === 'Matcha whisk',
      );
      expect(whisk?.attributes['price']).to.deep.equal({ JPY: { amount: 1500, includes_tax: false } });

      // An invoice of 1500 before tax, taxed at 5.8 % through the tax run form.
      await billing.move('2030-01-15T00:00:00Z');
      const built = await offering(billing, 'Sales tax club', false);
      const plans = await billing.read<Resource[]>(`/v2/subscriptions/offerings/${built.id}/plans`);
      const subscription = await billing.created('/v2/subscriptions/subscriptions', {
        type: 'subscription',
        account_id: ACCOUNT,
        offering_id: built.id,
        plan_id: plans[0]?.id,
        currency: 'USD',
        name: 'Katherine Johnson',
        email: 'katherine@example.com',
        manual_payments: true,
        payment_authority: { type: 'platform_payments_processor' },
      });
      await billing.runJob({ job_type: 'billing-run' });
      const invoicesOf = () => billing.read<Resource[]>(`/v2/subscriptions/subscriptions/${subscription.id}/invoices`);
      const [invoice] = await invoicesOf();
      expect(invoice?.meta['price']).to.deep.equal({ currency: 'USD', amount: 1500, includes_tax: false });
      await page.getByRole('link', { name: 'Billing', exact: true }).click();
      await page.getByText('Start a tax run').click();
      const tax = page.getByRole('form', { name: 'Start a tax run' });
      await tax.getByLabel('Invoice id').fill(invoice?.id ?? '');
      await tax.getByLabel(/^Rate/).fill('5.8');
      await tax.getByRole('button', { name: 'Start tax run' }).click();
      const jobRow = (kind: string) => page.getByRole('row').filter({ hasText: kind });
      const finished = async (kind: string) => {
        for (
          let i = 0;
          i < 100 &&
          !(
            await jobRow(kind)
              .textContent()
              .catch(() => '')
          )?.includes('success');
          i++
        ) {
          await page.getByRole('button', { name: 'Refresh' }).click();
          await page.waitForTimeout(100);
        }
      };
      await finished('tax-run');
      await jobRow('tax-run')
        .locator('.report div')
        .filter({ hasText: 'Invoices taxed' })
        .getByText('1', { exact: true })
        .waitFor();
      const taxed = await billing.read(`/v2/subscriptions/invoices/${invoice?.id ?? ''}`);
      expect(taxed.attributes['tax_items']).to.deep.equal([{ type: 'tax_item', name: 'VAT', rate: 0.058, amount: 87 }]);
      expect(taxed.meta['price']).to.deep.equal({ currency: 'USD', amount: 1587, includes_tax: true });
      const taxRun = posted.find(
        (body) => (body as { data: { attributes: { job_type: string } } }).data.attributes.job_type === 'tax-run',
      ) as { data: { attributes: { taxes: { tax_items: { rate: number }[] }[] } } };
      expect(taxRun.data.attributes.taxes[0]?.tax_items[0]?.rate).to.equal(0.058);
      // The outstanding invoice, its tax added, in dollars and cents.
      await page
        .getByRole('region', { name: 'Outstanding invoices' })
        .getByRole('cell', { name: '$15.87', exact: true })
        .waitFor();

      // The next month's billing run, started here: its report's totals are money.
      await billing.move('2030-02-16T00:00:00Z');
      await page.getByRole('button', { name: 'Start billing run' }).click();
      await jobRow('billing-run').first().waitFor();
      // The run started here is the one whose report has a total (the earlier one invoiced nothing).
      const billingRun = jobRow('billing-run').filter({ hasText: '$15.00' }).locator('.report');
      for (let i = 0; i < 100 && (await billingRun.count()) === 0; i++) {
        await page.getByRole('button', { name: 'Refresh' }).click();
        await page.waitForTimeout(100);
      }
      // Each count labelled, the totals as money.
      expect(await billingRun.locator('dt').allTextContents()).to.deep.equal([
        'Invoices ready for payment',
        'Invoices waiting for tax',
        'Invoices that failed',
        'Total ready for payment',
        'Total waiting for tax, tax excluded',
      ]);
      expect(await billingRun.locator('dd').allTextContents()).to.deep.equal(['0', '1', '0', 'none', '$15.00']);
      expect(await invoicesOf()).to.have.length(2);
      await accessible(page, 'billing after a tax run');
      await refusesNothing(watch);
    });

    it('creates two plans in a row, both billed monthly as the form says: a create puts every field back to its default', async () => {
      const { page } = watch;
      await signIn(page, billing);
      await page.getByRole('link', { name: 'Catalogue' }).click();
      await page.getByRole('link', { name: 'Plans' }).click();
      await page.getByText('Create a plan', { exact: true }).first().click();
      const planForm = page.getByRole('form', { name: 'Create a plan' });
      const billedEvery = planForm.getByRole('combobox', { name: 'Billed every' });
      expect(await billedEvery.inputValue()).to.equal('month');
      await planForm.getByLabel('Name').fill('Monthly beans');
      await planForm.getByLabel(/^Discount/).fill('12.5');
      await planForm.getByRole('button', { name: 'Create plan' }).click();
      await page.getByRole('cell', { name: 'Monthly beans' }).waitFor();
      expect(await billedEvery.inputValue()).to.equal('month');
      expect(await planForm.getByLabel(/^Plan length/).inputValue()).to.equal('12');
      expect(await planForm.getByLabel(/^Discount/).inputValue()).to.equal('');
      await planForm.getByLabel('Name').fill('Monthly tea');
      await planForm.getByRole('button', { name: 'Create plan' }).click();
      await page.getByRole('cell', { name: 'Monthly tea' }).waitFor();
      const stored = await billing.read<Resource[]>('/v2/subscriptions/plans');
      expect(
        stored
          .map((p) => [
            p.attributes['name'],
            p.attributes['billing_interval_type'],
            p.attributes['base_price_percentage'],
          ])
          .sort(),
      ).to.deep.equal([
        ['Monthly beans', 'month', 12.5],
        ['Monthly tea', 'month', undefined],
      ]);
      await page
        .getByRole('row')
        .filter({ hasText: 'Monthly beans' })
        .getByRole('cell', { name: "the products' price less 12.5 %" })
        .waitFor();

      // A dunning rule: its selects go back to their first choice after a create too.
      await page.getByRole('link', { name: 'Billing rules' }).click();
      await page.getByText('Add a dunning rule', { exact: true }).first().click();
      const dunning = page.getByRole('form', { name: 'Add a dunning rule' });
      const then = dunning.getByRole('combobox', { name: /^When the retries run out/ });
      await then.selectOption('pause');
      await dunning.getByRole('button', { name: 'Add dunning rule' }).click();
      await page
        .getByRole('table', { name: 'Dunning rules' })
        .getByRole('cell', { name: 'pause', exact: true })
        .waitFor();
      expect(await then.inputValue()).to.equal('none');
      await accessible(page, 'billing rules after a create');
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

    it('ends the session when the service has ended it (expired and purged)', async () => {
      const { page } = watch;
      await signIn(page, billing);
      await page.waitForLoadState('networkidle');
      // The session's ends are the service's to keep: purged as if a day had passed, the next request finds none.
      const purged = await billing.api.container
        .get(PEOPLE_TOKENS.ConsoleSessionRepository)
        .deleteExpired(new Date(Date.now() + 86_400_000));
      expect(purged).to.equal(1);
      // Whichever request comes next finds no session: a page's own late read may come before this move.
      await page.evaluate("location.hash = '#/subscriptions'");
      await page.getByText(/Your session ended/).waitFor();
      await page.getByLabel('Client id').waitFor();
      await refusesNothing(watch, [/Failed to load resource: the server responded with a status of 401/]);
    });

    it('ends the session when the API stops taking its token', async () => {
      const { page } = watch;
      await signIn(page, billing);
      await page.waitForLoadState('networkidle');
      const keys = await billing.read<{ id: string; client_id: string }[]>('/v2/application-keys');
      const own = keys.find((k) => k.client_id === billing.api.store.key.clientId);
      const response = await billing.api.request(`/v2/application-keys/${own?.id ?? ''}`, { method: 'DELETE' });
      expect(response.status).to.equal(204);
      // Whichever request comes next finds the key gone, a late read of the store page's included: a move by the
      // address, not a click on a link that such a read may already have taken off the page.
      await page.evaluate("location.hash = '#/subscriptions'");
      await page.getByText(/Your session ended/).waitFor();
      await refusesNothing(watch, [/Failed to load resource: the server responded with a status of 401/]);
    });
  },
);

/** A webhook receiver on the loopback answering each delivery with the next status of `script` (the last one repeats). */
const receiver = async (script: readonly number[]) => {
  const received: { secret: string | undefined; body: Record<string, unknown> }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        secret: req.headers['x-moltin-secret-key'] as string | undefined,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      });
      res.statusCode = script[Math.min(received.length - 1, script.length - 1)] ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

(skipped === undefined ? describe : describe.skip)(
  `Console in a real browser: integrations${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
  function () {
    this.timeout(120_000);
    // Private receivers allowed, as on premises, so the receiver can be on the loopback; retries come quickly.
    const settings = {
      ...DEFAULT_INTEGRATION_SETTINGS,
      allowPrivate: true,
      retry: { ...DEFAULT_INTEGRATION_SETTINGS.retry, baseMs: 50 },
    };
    let browser: Browser;
    let billing: BillingApi;
    let relay: RunningRelay;
    let hook: Awaited<ReturnType<typeof receiver>>;
    let watch: PageWatch & { context: { close(): Promise<void> } };

    before(async () => {
      await ensureConsoleBuilt();
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
    });
    beforeEach(async () => {
      billing = await startBillingApi(
        { kind: 'memory' },
        {
          configure: deliverOnLoopback(settings),
        },
      );
      relay = await startRelay(billing.api.container, pino({ level: 'warn' }, new LogCapture()), { pollMs: 20 });
      hook = await receiver([500, 200]);
      watch = await watchedPage(browser);
    });
    afterEach(async () => {
      await watch.context.close();
      await relay.stop();
      await billing.stop();
      await hook.close();
    });

    const subscribe = async (name: string): Promise<Resource> => {
      const built = await offering(billing, `${name} club`);
      const plans = await billing.read<Resource[]>(`/v2/subscriptions/offerings/${built.id}/plans`);
      return billing.created('/v2/subscriptions/subscriptions', {
        type: 'subscription',
        account_id: ACCOUNT,
        offering_id: built.id,
        plan_id: plans[0]?.id,
        currency: 'USD',
        name,
        email: 'ada@example.com',
        payment_authority: { type: 'platform_payments_processor' },
      });
    };

    it('creates a webhook integration, shows the delivery logs and jobs of an event, edits, disables and deletes it', async () => {
      const { page } = watch;
      await signIn(page, billing);
      await page.getByRole('link', { name: 'Integrations' }).click();
      await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
      await page.getByText('Create a webhook integration', { exact: true }).first().click();
      const form = page.getByRole('form', { name: 'Create a webhook integration' });
      await form.getByLabel('Name').fill('Fulfilment');
      await form.getByLabel(/^Description/).fill('Ship boxes');
      await form.getByLabel(/^Webhook URL/).fill(hook.url);
      await form.getByLabel(/^Secret key/).fill('whsec-console');
      // Only the keys that fire here are offered.
      expect(await form.getByRole('checkbox', { name: 'order.created' }).count()).to.equal(0);
      await form.getByRole('checkbox', { name: 'subscription.created', exact: true }).check();
      expect(await form.getByRole('checkbox', { name: /^Enabled/ }).isChecked()).to.equal(true);
      await accessible(page, 'integration form');
      // A URL the API refuses: its reason is shown and what was typed stays.
      await form.getByLabel(/^Webhook URL/).fill('ftp://127.0.0.1/hooks');
      await form.getByRole('button', { name: 'Create integration' }).click();
      await form.getByRole('alert').getByText('must be an http or https URL (data.configuration.url)').waitFor();
      expect(await form.getByLabel('Name').inputValue()).to.equal('Fulfilment');
      expect(await billing.read('/v2/integrations')).to.deep.equal([]);
      await form.getByLabel(/^Webhook URL/).fill(hook.url);
      await form.getByRole('button', { name: 'Create integration' }).click();
      await page.getByRole('heading', { name: 'Fulfilment', level: 1 }).waitFor();
      expect(await page.getByTestId('integration-state').textContent()).to.equal('enabled');
      const [stored] = await billing.read<Record<string, any>[]>('/v2/integrations');
      expect(stored).to.deep.include({
        name: 'Fulfilment',
        description: 'Ship boxes',
        enabled: true,
        integration_type: 'webhook',
        observes: ['subscription.created'],
      });
      expect(stored?.['configuration']).to.deep.equal({ url: hook.url, secret_key: 'whsec-console' });
      // The secret is never shown back.
      expect(await page.content()).not.to.include('whsec-console');

      // An event: the receiver refuses the first attempt and takes the second; both are logged.
      const subscription = await subscribe('Ada Lovelace');
      const logs = page.getByRole('table', { name: 'Delivery logs' });
      for (let i = 0; i < 100 && (await logs.getByRole('row').filter({ hasText: 'delivered' }).count()) === 0; i++) {
        await page.getByRole('button', { name: 'Refresh' }).click();
        await page.waitForTimeout(100);
      }
      expect(hook.received.map((r) => [r.body['attempt'], r.body['triggered_by'], r.secret])).to.deep.equal([
        [1, 'subscription.created', 'whsec-console'],
        [2, 'subscription.created', 'whsec-console'],
      ]);
      expect((hook.received[1]!.body['payload'] as { data: { id: string } }).data.id).to.equal(subscription.id);
      const cells = async (attempt: string) =>
        logs
          .getByRole('row')
          .filter({ has: page.getByRole('cell', { name: attempt, exact: true }) })
          .getByRole('cell')
          .allTextContents();
      const [first, second] = [await cells('1'), await cells('2')];
      expect(first.slice(2, 5)).to.deep.equal(['1', 'failed', '500']);
      expect(first[5]).to.match(/^\d[\d,]* ms$/);
      expect(first[6]).to.include('(500)');
      expect(second.slice(2, 5)).to.deep.equal(['2', 'delivered', '200']);
      expect(second[6]).to.equal('—');
      const jobs = page.getByRole('table', { name: 'Jobs' });
      expect((await jobs.getByRole('row').nth(1).getByRole('cell').allTextContents()).slice(1, 4)).to.deep.equal([
        'subscription.created',
        'succeeded',
        '2',
      ]);
      // The log list filters as the API does.
      const logFilter = page
        .getByRole('region', { name: 'Delivery logs' })
        .last()
        .getByRole('form', { name: 'Add a filter condition' });
      await logFilter.getByLabel('Value').selectOption('false');
      await logFilter.getByRole('button', { name: 'Add condition' }).click();
      await page.getByRole('region', { name: 'Delivery logs' }).last().getByText('1 in all; page 1 of 1.').waitFor();
      await accessible(page, 'integration with its logs');

      // The store's logs, across its integrations.
      await page.getByRole('link', { name: '← Integrations' }).click();
      await page.getByRole('link', { name: 'Delivery logs' }).click();
      await page
        .getByRole('table', { name: 'Delivery logs' })
        .getByRole('link', { name: `${stored?.['id'].slice(0, 8)}…` })
        .first()
        .waitFor();
      await page.getByText('2 in all; page 1 of 1.').waitFor();
      await accessible(page, "the store's delivery logs");

      // Edit: observe pauses too.
      await page.getByRole('table', { name: 'Delivery logs' }).getByRole('link').first().click();
      await page.getByRole('heading', { name: 'Fulfilment', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('form', { name: 'Edit Fulfilment' });
      expect(await edit.getByRole('checkbox', { name: 'subscription.created', exact: true }).isChecked()).to.equal(
        true,
      );
      await edit.getByRole('checkbox', { name: 'subscription.paused', exact: true }).check();
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByText('subscription.created, subscription.paused', { exact: true }).waitFor();
      const [edited] = await billing.read<Record<string, any>[]>('/v2/integrations');
      expect(edited?.['observes']).to.deep.equal(['subscription.created', 'subscription.paused']);
      // An empty secret field kept the secret.
      expect(edited?.['configuration']).to.deep.equal({ url: hook.url, secret_key: 'whsec-console' });

      // Disabled, it gets nothing of the next event.
      await page.getByRole('link', { name: '← Integrations' }).click();
      const row = page.getByRole('table', { name: 'Integrations' }).getByRole('row').filter({ hasText: 'Fulfilment' });
      await row.getByRole('button', { name: 'Disable Fulfilment' }).click();
      await row.getByRole('button', { name: 'Enable Fulfilment' }).waitFor();
      expect(await row.getByRole('cell').nth(3).textContent()).to.equal('no');
      expect((await billing.read<Record<string, any>[]>('/v2/integrations'))[0]?.['enabled']).to.equal(false);
      const integrationFilter = page.getByRole('form', { name: 'Add a filter condition' });
      await integrationFilter.getByLabel('Field').selectOption('enabled');
      await integrationFilter.getByLabel('Value').selectOption('true');
      await integrationFilter.getByRole('button', { name: 'Add condition' }).click();
      await page.getByText('No integrations match this filter.').waitFor();
      await page.getByRole('button', { name: 'Clear the filter' }).click();
      await subscribe('Grace Hopper');
      await page.waitForTimeout(500);
      expect(hook.received).to.have.length(2);

      // Deleted after a second thought.
      await row.getByRole('button', { name: 'Delete' }).click();
      await row.getByRole('button', { name: 'Delete Fulfilment and its logs' }).click();
      await row.waitFor({ state: 'detached' });
      expect(await billing.read('/v2/integrations')).to.deep.equal([]);
      await accessible(page, 'integrations');
      // The browser reports the refused create itself; nothing else may be in the console.
      await refusesNothing(watch, [/Failed to load resource: the server responded with a status of 400/]);
    });
  },
);

(skipped === undefined ? describe : describe.skip)(
  `Console browser checks catch what they look for${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
  function () {
    this.timeout(180_000);
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
  },
);
