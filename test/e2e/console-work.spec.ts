import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { ACCOUNT_TOKENS } from '../../src/application/account-tokens.js';
import type { AccountMemberRepository } from '../../src/application/ports/accounts/account-member-repository.js';
import { aMember } from '../support/account-builders.js';
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
import { jsonBody } from '../support/test-api.js';

const skipped = noBrowserReason();

const accessible = async (page: Page, where: string): Promise<void> => {
  expect(await seriousViolations(page), where).to.deep.equal([]);
};

/** Every API answer held to the OpenAPI document, nothing beyond the loopback, no error but the refusals a test asks for. */
const refusesNothing = async (watch: PageWatch, refused: readonly number[] = []): Promise<void> => {
  await watch.checkApiAnswers();
  expect(watch.outbound, 'requests beyond the loopback').to.deep.equal([]);
  const expected = (e: string) => refused.some((status) => e.includes(`status of ${status} `));
  expect(
    watch.consoleErrors.filter((e) => !expected(e)),
    'console errors',
  ).to.deep.equal([]);
};

const signIn = async (page: Page, billing: BillingApi): Promise<void> => {
  await page.goto(`${billing.api.url}/console`);
  await page.getByLabel('Client id').fill(billing.api.store.key.clientId);
  await page.getByLabel('Client secret').fill(billing.api.store.clientSecret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
};

const PLAN = {
  billing_frequency: 1,
  plan_length: 12,
  end_behavior: 'roll',
  can_pause: true,
  can_resume: true,
  can_cancel: true,
};

/** Two accounts (Acme with a member), and an offering of monthly and yearly plans, prorated by the day. */
interface Shop {
  readonly acme: Resource;
  readonly bistro: Resource;
  readonly offering: Resource;
  readonly monthly: Resource;
  readonly yearly: Resource;
}

const shop = async (billing: BillingApi): Promise<Shop> => {
  const acme = await billing.created('/v2/accounts', {
    type: 'account',
    name: 'Acme Coffee',
    legal_name: 'Acme Coffee Ltd',
  });
  const bistro = await billing.created('/v2/accounts', { type: 'account', name: 'Bistro' });
  const ron = aMember(billing.api.store.store.id, { name: 'Ron Swanson', email: 'ron@example.com' }, new Date());
  const stored = await billing.api.container
    .get<AccountMemberRepository>(ACCOUNT_TOKENS.AccountMemberRepository)
    .insert(ron, []);
  expect(stored._tag).to.equal('Right');
  await billing.created(`/v2/accounts/${acme.id}/account-memberships`, {
    type: 'account_membership',
    account_member_id: ron.id,
  });
  const product = await billing.created('/v2/subscriptions/products', {
    type: 'subscription_product',
    attributes: { name: 'Beans', price: { USD: { amount: 1500, includes_tax: true } } },
  });
  const plans = [
    await billing.created('/v2/subscriptions/plans', {
      type: 'subscription_plan',
      attributes: { ...PLAN, name: 'Monthly', billing_interval_type: 'month' },
    }),
    await billing.created('/v2/subscriptions/plans', {
      type: 'subscription_plan',
      attributes: { ...PLAN, name: 'Yearly', billing_interval_type: 'year', plan_length: 2 },
    }),
  ];
  const offering = await billing.created('/v2/subscriptions/offerings/build', {
    name: 'Coffee club',
    products: [product.id],
    plans: plans.map((p) => p.id),
  });
  const copies = await billing.read<Resource[]>(`/v2/subscriptions/offerings/${offering.id}/plans`);
  const copyOf = (name: string) => copies.find((c) => c.attributes['name'] === name) as Resource;
  const policy = await billing.created('/v2/subscriptions/proration-policies', {
    type: 'subscription_proration_policy',
    attributes: { name: 'By the day', rounding: 'down' },
  });
  const related = await billing.api.request(
    `/v2/subscriptions/offerings/${offering.id}/relationships/proration-policies`,
    {
      ...jsonBody({ data: { type: 'subscription_proration_policy', id: policy.id } }),
      method: 'PUT',
    },
  );
  expect(related.status).to.equal(200);
  return { acme, bistro, offering, monthly: copyOf('Monthly'), yearly: copyOf('Yearly') };
};

const subscribe = (billing: BillingApi, s: Shop) =>
  billing.created('/v2/subscriptions/subscriptions', {
    type: 'subscription',
    account_id: s.acme.id,
    offering_id: s.offering.id,
    plan_id: s.monthly.id,
    currency: 'USD',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    payment_authority: { type: 'platform_payments_processor' },
  });

(skipped === undefined ? describe : describe.skip)(
  `Console: subscriptions, subscribers and lists, in a real browser${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
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

    it('creates a subscription with the pickers, by keyboard alone, its subscriber pre-filled from the account', async () => {
      const s = await shop(billing);
      const { page } = watch;
      await signIn(page, billing);
      await tabTo(page, 'Subscriptions');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Subscriptions', level: 1 }).waitFor();
      await page.getByText('No subscriptions yet.').waitFor();
      await page.getByText(/^Make the first with “Create a subscription” above/).waitFor();
      await accessible(page, 'no subscription yet');
      await tabTo(page, 'Create a subscription');
      await page.keyboard.press('Enter');
      await tabTo(page, "Subscriber's account");
      await page.keyboard.type('acm');
      const accounts = page.getByRole('listbox', { name: "Subscriber's account" });
      await accounts.getByRole('option', { name: /Acme Coffee/ }).waitFor();
      expect(await accounts.getByRole('option').count(), 'only the accounts whose name holds “acm”').to.equal(1);
      await accessible(page, 'the account picker, open');
      await page.keyboard.press('Enter');
      await page.getByText('Chosen: Acme Coffee (Acme Coffee Ltd)').waitFor();
      const form = page.getByRole('form', { name: 'Create a subscription' });
      // Who the subscription bills, from the account's member.
      await page.waitForFunction(() => {
        const input = (
          globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }
        ).document.querySelector('input[name="email"]');
        return input?.value === 'ron@example.com';
      });
      expect(await form.getByLabel(/^Name/).inputValue()).to.equal('Ron Swanson');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('role'))).to.equal(
        'combobox',
      );
      await page.keyboard.type('coffee');
      await page.getByRole('listbox', { name: 'Offering' }).getByRole('option', { name: 'Coffee club' }).waitFor();
      await page.keyboard.press('Enter');
      await page.getByText('Chosen: Coffee club').waitFor();
      await form.getByLabel('Plan').locator('option', { hasText: 'Monthly' }).waitFor({ state: 'attached' });
      await form
        .getByLabel(/^Currency/)
        .locator('option', { hasText: 'USD' })
        .waitFor({ state: 'attached' });
      await accessible(page, 'the subscription form, filled in');
      await tabTo(page, 'Create subscription');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Ron Swanson', level: 1 }).waitFor();
      const id = new URL(page.url()).hash.split('/')[2] ?? '';
      const made = await billing.read(`/v2/subscriptions/subscriptions/${id}`);
      expect(made.attributes).to.deep.include({
        account_id: s.acme.id,
        plan_id: s.monthly.id,
        currency: 'USD',
        name: 'Ron Swanson',
        email: 'ron@example.com',
      });
      await refusesNothing(watch);
    });

    it('changes the plan after the API’s preview, its figures on screen; shows the subscriber; a refusal beside the form', async () => {
      const s = await shop(billing);
      const ada = await subscribe(billing, s);
      const { page } = watch;
      await signIn(page, billing);
      await page.getByRole('link', { name: 'Subscriptions' }).click();
      const row = page
        .getByRole('table', { name: 'Subscriptions' })
        .getByRole('row')
        .filter({ hasText: 'Ada Lovelace' });
      // The list is read after the page moves: wait for its row, as reading the cells does not.
      await row.waitFor();
      // Names first: the subscriber, the offering, the plan; the id last and short.
      expect((await row.getByRole('cell').allTextContents()).slice(0, 4)).to.deep.equal([
        'Ada Lovelace',
        'ada@example.com',
        'Coffee club',
        'Monthly',
      ]);
      await row.getByRole('button', { name: 'Copy the id of the subscription Ada Lovelace' }).waitFor();
      await row.getByRole('link', { name: 'ada@example.com' }).click();
      await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
      expect(new URL(page.url()).hash).to.equal(`#/subscribers/${s.acme.id}`);
      await page.getByRole('link', { name: 'Acme Coffee' }).waitFor();
      await page
        .getByRole('table', { name: 'Subscriptions of the subscriber' })
        .getByRole('link', { name: 'Ada Lovelace' })
        .waitFor();
      await page.getByRole('region', { name: 'Entitlements' }).waitFor();
      await accessible(page, 'subscriber');
      await page
        .getByRole('table', { name: 'Subscriptions of the subscriber' })
        .getByRole('link', { name: 'Ada Lovelace' })
        .click();
      await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Ada Lovelace' }).waitFor();

      const change = page.getByRole('form', { name: 'Change plan' });
      await change
        .getByLabel(/^New plan/)
        .locator('option', { hasText: 'Yearly' })
        .waitFor({ state: 'attached' });
      await change.getByLabel(/^New plan/).selectOption({ label: 'Yearly' });
      await change.getByRole('button', { name: 'Preview the change' }).click();
      const figures = page.getByTestId('proration-preview');
      await figures.waitFor();
      const asked = await billing.api.request(
        `/generations/2025/v2/subscriptions/subscriptions/${ada.id}/proration-preview`,
        jsonBody({
          data: {
            type: 'proration_preview_request',
            attributes: {
              trigger: 'plan_pricing_option_change',
              pricing_option_id: s.yearly.id,
              plan_id: (
                await billing.read<Resource[]>(`/generations/2025/v2/subscriptions/subscriptions/${ada.id}/plans`)
              )[0]?.id,
            },
          },
        }),
      );
      const preview = ((await asked.json()) as { data: Resource }).data.meta['proration'];
      const usd = (amount: number) =>
        new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(amount / 100);
      expect(await figures.locator('dd').allTextContents()).to.deep.equal([
        usd(preview.refunded_amount_for_unused_plan),
        usd(preview.new_plan_cost),
        usd(Math.abs(preview.net_amount)),
        // The switch is decided at the store's time of each preview: the same days, the same period's end.
        await figures.locator('dd').nth(3).textContent(),
      ]);
      expect(await figures.locator('dd').nth(3).textContent())
        .to.include(`${preview.days}, from `)
        .and.include(`to ${preview.prorated_until.replace('T', ' ').replace(/\.\d+Z$/, 'Z')}`);
      expect(await figures.locator('dt').nth(2).textContent()).to.equal(
        preview.net_amount < 0 ? 'Credit carried into the next invoice' : 'Added to the next invoice',
      );
      await accessible(page, 'the preview');
      expect(
        (await billing.read(`/v2/subscriptions/subscriptions/${ada.id}`)).attributes['plan_id'],
        'a preview changes nothing',
      ).to.equal(s.monthly.id);
      await page.getByRole('button', { name: 'Confirm the change' }).click();
      await page.getByText(/^Yearly: every 1 year/).waitFor();
      expect((await billing.read(`/v2/subscriptions/subscriptions/${ada.id}`)).attributes['plan_id']).to.equal(
        s.yearly.id,
      );

      // A canceled subscription keeps its plan: the API's 422, next to the form.
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await page.getByTestId('subscription-state').getByText('canceled').waitFor();
      await change.getByLabel(/^New plan/).selectOption({ label: 'Monthly' });
      await change.getByRole('button', { name: 'Preview the change' }).click();
      await change.getByRole('alert').waitFor();
      expect(await change.getByRole('alert').textContent()).to.match(/cancel/i);
      await accessible(page, 'a refused change');
      await refusesNothing(watch, [422]);
    });

    it('builds a filter with the pickers, says when it matches nothing, and clears it', async () => {
      const s = await shop(billing);
      await subscribe(billing, s);
      const { page } = watch;
      await signIn(page, billing);
      await page.getByRole('link', { name: 'Subscriptions' }).click();
      const list = page.getByRole('table', { name: 'Subscriptions' });
      await list.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
      const filter = page.getByRole('form', { name: 'Add a filter condition' });
      expect(await filter.getByLabel('Field').locator('option').allTextContents()).to.deep.equal([
        'Account',
        'Name',
        'Email',
        'External reference',
      ]);
      await filter.getByRole('combobox', { name: 'Value' }).fill('bis');
      await filter.getByRole('option', { name: 'Bistro' }).click();
      await filter.getByRole('button', { name: 'Add condition' }).click();
      await page.getByText(`eq(account_id,${s.bistro.id})`, { exact: true }).waitFor();
      await page.getByText('No subscriptions match this filter.').waitFor();
      await accessible(page, 'a filter matching nothing');
      expect(decodeURIComponent(new URL(page.url()).hash)).to.equal(
        `#/subscriptions?filter=eq(account_id,${s.bistro.id})`,
      );
      await page.getByRole('button', { name: 'Clear the filter' }).click();
      await list.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
      expect(new URL(page.url()).hash).to.equal('#/subscriptions');

      // `in` over records: each picked account is added, and removable.
      await filter.getByLabel('Operator').selectOption('in');
      const add = filter.getByRole('combobox', { name: 'Add account' });
      await add.fill('acme');
      await filter.getByRole('option', { name: /Acme Coffee/ }).click();
      await add.fill('bis');
      await filter.getByRole('option', { name: 'Bistro' }).click();
      await filter.getByRole('button', { name: 'Remove Bistro' }).click();
      await filter.getByRole('button', { name: 'Add condition' }).click();
      await page.getByText(`in(account_id,${s.acme.id})`, { exact: true }).waitFor();
      await page.getByText('1 in all; page 1 of 1.').waitFor();
      await accessible(page, 'a filter of picked accounts');
      await refusesNothing(watch);
    });
  },
);
