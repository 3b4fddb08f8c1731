import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
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

const skipped = noBrowserReason();
const ACCOUNT = '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60';

const accessible = async (page: Page, where: string): Promise<void> => {
  expect(await seriousViolations(page), where).to.deep.equal([]);
};

const refusesNothing = async (watch: PageWatch, allowed: RegExp[] = []): Promise<void> => {
  await watch.checkApiAnswers();
  expect(watch.outbound, 'requests beyond the loopback').to.deep.equal([]);
  expect(
    watch.consoleErrors.filter((e) => !allowed.some((a) => a.test(e))),
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

/** Beans at 15.00 before tax, a monthly plan, an offering of both, and a subscriber paying by manual payment. */
const catalogue = async (billing: BillingApi) => {
  const product = await billing.created('/v2/subscriptions/products', {
    type: 'subscription_product',
    attributes: { name: 'Beans', sku: 'BEANS-1', price: { USD: { amount: 1500, includes_tax: false } } },
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
  const offering = await billing.created('/v2/subscriptions/offerings/build', {
    name: 'Coffee club',
    description: 'Beans every month',
    products: [product.id],
    plans: [plan.id],
  });
  return { product, plan, offering };
};

const subscribe = async (billing: BillingApi, offering: Resource): Promise<Resource> => {
  const [copy] = await billing.read<Resource[]>(`/v2/subscriptions/offerings/${offering.id}/plans`);
  return billing.created('/v2/subscriptions/subscriptions', {
    type: 'subscription',
    account_id: ACCOUNT,
    offering_id: offering.id,
    plan_id: copy?.id,
    currency: 'USD',
    name: 'Katherine Johnson',
    email: 'katherine@example.com',
    manual_payments: true,
    payment_authority: { type: 'platform_payments_processor' },
  });
};

(skipped === undefined ? describe : describe.skip)(
  `Console: catalogue, billing rules, invoices and the test clock, in a real browser${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
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

    it('edits a product and a plan, attaches a proration policy to an offering, sets a dunning multiplier, and shows what the API refuses', async () => {
      const { product, plan, offering } = await catalogue(billing);
      const policy = await billing.created('/v2/subscriptions/proration-policies', {
        type: 'subscription_proration_policy',
        attributes: { name: 'By the day', rounding: 'up' },
      });
      const rule = await billing.created('/v2/subscriptions/dunning-rules', {
        type: 'subscription_dunning_rule',
        attributes: { payment_retry_type: 'backoff', payment_retries_limit: 4, action: 'suspend', default: true },
      });
      const { page } = watch;
      await signIn(page, billing);

      // A product: its name and price, in major units.
      await page.getByRole('link', { name: 'Catalogue' }).click();
      await page.getByRole('link', { name: 'Products' }).click();
      await page.getByText('Edit Beans', { exact: true }).click();
      const productForm = page.getByRole('form', { name: 'Edit Beans' });
      expect(await productForm.getByLabel(/^Price/).inputValue()).to.equal('15');
      await productForm.getByLabel('Name').fill('Coffee beans');
      await productForm.getByLabel(/^Price/).fill('16.50');
      await productForm.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('row').filter({ hasText: 'Coffee beans' }).getByRole('cell', { name: '$16.50' }).waitFor();
      const edited = await billing.read(`/v2/subscriptions/products/${product.id}`);
      expect(edited.attributes['name']).to.equal('Coffee beans');
      expect(edited.attributes['sku'], 'untouched').to.equal('BEANS-1');
      expect(edited.attributes['price']).to.deep.equal({ USD: { amount: 1650, includes_tax: false } });
      await accessible(page, 'product edited');

      // A plan: billed every two months, after a trial of one.
      await page.getByRole('link', { name: 'Plans' }).click();
      await page.getByText('Edit Monthly', { exact: true }).click();
      const planForm = page.getByRole('form', { name: 'Edit Monthly' });
      await planForm.getByLabel('Billing frequency').fill('2');
      await planForm.getByLabel(/^Trial/).fill('1');
      await planForm.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('cell', { name: 'every 2 month, 12 periods, then roll, after a trial of 1' }).waitFor();
      const editedPlan = await billing.read(`/v2/subscriptions/plans/${plan.id}`);
      expect(editedPlan.attributes['billing_frequency']).to.equal(2);
      expect(editedPlan.attributes['trial_period']).to.equal(1);
      expect(editedPlan.attributes['name']).to.equal('Monthly');

      // The offering: renamed, and its plan changes prorated by the policy.
      await page.getByRole('link', { name: 'Offerings' }).click();
      await page.getByRole('link', { name: 'Coffee club' }).click();
      await page.getByRole('heading', { name: 'Coffee club', level: 1 }).waitFor();
      await page.getByText('No proration policy: a plan change in the middle of a period is not prorated.').waitFor();
      const proration = page.getByRole('form', { name: 'Choose the proration policy' });
      await proration.getByLabel(/^Proration policy/).selectOption({ label: 'By the day (rounding up)' });
      await proration.getByRole('button', { name: 'Use this policy' }).click();
      await page.getByText('Plan changes are prorated by the policy By the day.').waitFor();
      const using = await billing.read<Resource[]>(
        `/v2/subscriptions/offerings?filter=eq(proration_policy_id,${policy.id})`,
      );
      expect(using.map((o) => o.id)).to.deep.equal([offering.id]);
      await page.getByText('Edit Coffee club', { exact: true }).click();
      const offeringForm = page.getByRole('form', { name: 'Edit Coffee club' });
      await offeringForm.getByLabel('Name').fill('Coffee club plus');
      await offeringForm.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('heading', { name: 'Coffee club plus', level: 1 }).waitFor();
      await accessible(page, 'offering');

      // The dunning rule: a multiplier of 3; then one on a fixed rule, which the API refuses in its own words.
      await page.getByRole('link', { name: 'Billing rules' }).click();
      await page.getByText('Edit this rule', { exact: true }).click();
      const ruleForm = page.getByRole('form', { name: 'Edit the dunning rule' });
      expect(await ruleForm.getByRole('combobox', { name: 'Retries', exact: true }).inputValue()).to.equal('backoff');
      await ruleForm.getByLabel(/^Multiplier/).fill('3');
      await ruleForm.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('cell', { name: 'backoff, at most 4, multiplier 3' }).waitFor();
      expect((await billing.read(`/v2/subscriptions/dunning-rules/${rule.id}`)).attributes).to.include({
        payment_retry_multiplier: 3,
        payment_retries_limit: 4,
        action: 'suspend',
        default: true,
      });
      // The form stays open after a save.
      if (!(await ruleForm.isVisible())) await page.getByText('Edit this rule', { exact: true }).click();
      await ruleForm.getByRole('combobox', { name: 'Retries', exact: true }).selectOption('fixed');
      await ruleForm.getByRole('button', { name: 'Save changes' }).click();
      await ruleForm
        .getByRole('alert')
        .getByText(/payment_retry_multiplier/)
        .waitFor();
      expect((await billing.read(`/v2/subscriptions/dunning-rules/${rule.id}`)).attributes).to.include({
        payment_retry_type: 'backoff',
      });
      await accessible(page, 'billing rules with a refusal');
      await refusesNothing(watch, [/Failed to load resource: the server responded with a status of 400/]);
    });

    it('opens an invoice from the list, taxes it, records a failed payment, reads the job reports, and shows the test clock banner until it is cleared', async () => {
      // The store's clock a moment ahead of the real time: set, and clearable once the real time passes it.
      // The first request's token costs a memory-hard hash, seconds on a loaded machine: taken before the time is.
      await billing.read('/v2/subscriptions/test-clock');
      const ahead = new Date(Date.now() + 6000);
      await billing.move(ahead.toISOString());
      const { offering } = await catalogue(billing);
      const subscription = await subscribe(billing, offering);
      const [invoice] = await billing.read<Resource[]>(`/v2/subscriptions/subscriptions/${subscription.id}/invoices`);
      const { page } = watch;
      await signIn(page, billing);
      const banner = page.getByRole('status').filter({ hasText: 'Test clock set' });
      await banner.getByText(ahead.toISOString().slice(0, 19).replace('T', ' ')).waitFor();
      await accessible(page, 'store page with the test clock banner');

      await page.getByRole('link', { name: 'Invoices', exact: true }).click();
      await banner.waitFor();
      await page.getByRole('table', { name: 'Invoices' }).getByRole('link', { name: '1', exact: true }).click();
      await page.getByRole('heading', { name: 'Invoice 1', level: 1 }).waitFor();
      expect(new URL(page.url()).hash).to.equal(`#/invoices/${invoice?.id}`);
      // Names before ids: the line's product, the subscription's subscriber.
      await page.getByRole('link', { name: 'Katherine Johnson' }).waitFor();
      const items = page.getByRole('table', { name: 'Invoice items' });
      await items.getByRole('row').filter({ hasText: 'Beans' }).getByRole('cell', { name: '$15.00' }).waitFor();
      await page.getByText('outstanding, waiting for tax').waitFor();
      await accessible(page, 'invoice waiting for tax');

      const tax = page.getByRole('form', { name: 'Tax this invoice' });
      await tax.getByLabel(/^Rate/).fill('20');
      await tax.getByLabel(/^Jurisdiction/).fill('GB');
      await tax.getByRole('button', { name: 'Tax this invoice' }).click();
      await page.getByText('The tax run finished:').waitFor();
      const taxReport = page.getByRole('region', { name: 'Tax this invoice' });
      expect(await taxReport.locator('dt').allTextContents()).to.deep.equal(['Invoices taxed', 'Invoices that failed']);
      expect(await taxReport.locator('dd').allTextContents()).to.deep.equal(['1', '0']);
      await items.getByRole('row').filter({ hasText: 'VAT 20 % (GB)' }).getByRole('cell', { name: '$3.00' }).waitFor();
      await items.getByRole('row').filter({ hasText: 'Total (tax included)' }).getByText('$18.00').waitFor();
      const taxed = await billing.read(`/v2/subscriptions/invoices/${invoice?.id}`);
      expect(taxed.attributes['tax_items']).to.deep.equal([
        { type: 'tax_item', name: 'VAT', rate: 0.2, jurisdiction: 'GB', amount: 300 },
      ]);

      // The payment run asks for the manual payment; the merchant records that it failed.
      await billing.runJob({ job_type: 'payment-run' });
      await page.getByRole('link', { name: '← Invoices' }).click();
      await page.getByRole('table', { name: 'Invoices' }).getByRole('link', { name: '1', exact: true }).click();
      const failure = page.getByRole('form', { name: 'Record a failed payment' });
      await failure.getByLabel(/^Why it failed/).fill('The transfer bounced');
      await failure.getByRole('button', { name: 'Record a failed payment' }).click();
      const attempts = page.getByRole('table', { name: 'Payment attempts' });
      await attempts.getByRole('cell', { name: 'failed: The transfer bounced' }).waitFor();
      await attempts.getByRole('cell', { name: '$18.00' }).waitFor();
      await failure.waitFor({ state: 'detached' });
      const [payment] = await billing.read<Resource[]>(`/v2/subscriptions/invoices/${invoice?.id}/payments`);
      expect(payment?.attributes).to.include({ success: false, pending: false });
      expect(payment?.attributes['failure_detail']).to.deep.equal({ reason: 'The transfer bounced' });
      await accessible(page, 'invoice with a failed payment');

      // The jobs' reports, as labelled lines; the raw report behind a disclosure.
      await page.getByRole('link', { name: 'Billing', exact: true }).click();
      const payments = page.getByRole('table', { name: 'Jobs' }).getByRole('row').filter({ hasText: 'payment-run' });
      await payments.locator('dt').first().waitFor();
      expect(await payments.locator('dt').allTextContents()).to.deep.equal([
        'Payment attempts',
        'Failed payments',
        'Collected',
      ]);
      expect(await payments.locator('dd').allTextContents()).to.deep.equal(['1', '0', 'none']);
      const taxRun = page.getByRole('table', { name: 'Jobs' }).getByRole('row').filter({ hasText: 'tax-run' });
      await taxRun.getByRole('link', { name: /^invoice / }).waitFor();
      await taxRun.getByText('Show the raw report').click();
      await taxRun.getByText('"invoices_updated": 1').waitFor();
      await accessible(page, 'billing with job reports');

      // Refused while the clock is ahead of the real time (when it still is), cleared once the real time passes it.
      const section = page.getByRole('region', { name: 'Test clock' });
      if (Date.now() < ahead.getTime() - 500) {
        await section.getByRole('button', { name: 'Clear the test clock' }).click();
        await section
          .getByRole('alert')
          .getByText(/ahead of the system's time/)
          .waitFor();
      }
      await page.waitForTimeout(Math.max(0, ahead.getTime() - Date.now() + 100));
      await section.getByRole('button', { name: 'Clear the test clock' }).click();
      await section.getByText(/no test clock is set/).waitFor();
      await banner.waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'Catalogue' }).click();
      await page.getByRole('heading', { name: 'Catalogue', level: 1 }).waitFor();
      expect(await page.getByText('Test clock set').count()).to.equal(0);
      await accessible(page, 'no test clock');
      await refusesNothing(watch, [/Failed to load resource: the server responded with a status of 422/]);
    });

    it('opens an invoice and taxes it with the keyboard alone', async () => {
      const { offering } = await catalogue(billing);
      await subscribe(billing, offering);
      const { page } = watch;
      await signIn(page, billing);
      await tabTo(page, 'Invoices');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
      await page.getByRole('link', { name: '1', exact: true }).waitFor();
      await tabTo(page, '1');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Invoice 1', level: 1 }).waitFor();
      expect(await page.title()).to.equal('Invoices · commerce-core console');
      await tabTo(page, /^Rate/);
      await page.keyboard.type('5.8');
      await tabTo(page, 'Tax this invoice');
      await page.keyboard.press('Enter');
      await page.getByText('The tax run finished:').waitFor();
      await page
        .getByRole('table', { name: 'Invoice items' })
        .getByRole('row')
        .filter({ hasText: 'Total (tax included)' })
        .getByText('$15.87')
        .waitFor();
      await refusesNothing(watch);
    });
  },
);
