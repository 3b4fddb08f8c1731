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
import { jsonBody } from '../support/test-api.js';

const skipped = noBrowserReason();
/** The most a first visit may download, on the wire, headers included (docs/console.md). */
const FIRST_VISIT_BUDGET = 150 * 1024;

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

/** A product made and renamed through the API: two events of the trail. */
const renamedProduct = async (billing: BillingApi): Promise<void> => {
  const product = await billing.created('/v2/subscriptions/products', {
    type: 'subscription_product',
    attributes: { name: 'Beans', price: { USD: { amount: 1500 } } },
  });
  const renamed = await billing.api.request(`/v2/subscriptions/products/${product.id}`, {
    ...jsonBody({ data: { id: product.id, type: 'subscription_product', attributes: { name: 'Ground beans' } } }),
    method: 'PUT',
  });
  expect(renamed.status).to.equal(200);
};

(skipped === undefined ? describe : describe.skip)(
  `Console: the audit trail, in a real browser${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
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

    it('says what the trail records while it is empty, within the first visit’s budget', async () => {
      const { page } = watch;
      const transfers: Promise<number>[] = [];
      page.on('requestfinished', (request) => {
        transfers.push(request.sizes().then((sizes) => sizes.responseHeadersSize + sizes.responseBodySize));
      });
      await page.goto(`${billing.api.url}/console`);
      await page.getByLabel('Client id').waitFor();
      const downloaded = (await Promise.all(transfers)).reduce((sum, bytes) => sum + bytes, 0);
      expect(downloaded, 'bytes of the first visit').to.be.at.most(FIRST_VISIT_BUDGET);
      await signIn(page, billing);
      await page.getByRole('link', { name: 'Audit' }).click();
      await page.getByText(/Secrets are never recorded\.$/).waitFor();
      await page.getByText(/^Nothing has been recorded yet/).waitFor();
      expect(await page.title()).to.equal('Audit · commerce-core console');
      await accessible(page, 'empty trail');
      await watch.checkApiAnswers();
      expect(watch.consoleErrors, 'console errors').to.deep.equal([]);
    });

    it('lists who changed what, shows a change field by field and filters by action, with the keyboard alone', async () => {
      await renamedProduct(billing);
      const { page } = watch;
      await signIn(page, billing);
      await tabTo(page, 'Audit');
      await page.keyboard.press('Enter');
      await page.getByText(/Secrets are never recorded\.$/).waitFor();
      const list = page.getByRole('table', { name: 'Audit events' });
      const renamedRow = list.getByRole('row').filter({ hasText: 'subscription-product.updated' });
      await renamedRow.waitFor();
      await list.getByRole('row').filter({ hasText: 'subscription-product.created' }).waitFor();
      // Who before which key: the row names a key by its id's start, from the request's address.
      const cells = await renamedRow.getByRole('cell').allTextContents();
      expect(cells[1]).to.equal(`Key ${billing.api.store.key.id.slice(0, 8)}`);
      expect(cells[2]).to.equal('127.0.0.1');
      await tabTo(page, /fields? of subscription-product\.updated$/);
      await page.keyboard.press('Enter');
      const changes = page.getByRole('table', { name: 'What subscription-product.updated changed' });
      const nameRow = changes.getByRole('row').filter({ hasText: 'attributes.name' });
      await nameRow.waitFor();
      expect(await nameRow.getByRole('cell').allTextContents()).to.deep.equal(['"Beans"', '"Ground beans"']);
      await accessible(page, 'a change opened');

      await tabTo(page, 'Field');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await tabTo(page, 'Operator');
      await tabTo(page, 'Value');
      await page.keyboard.type('subscription-product.created');
      await tabTo(page, 'Add condition');
      await page.keyboard.press('Enter');
      await page.getByText('Filter: eq(action,subscription-product.created)').waitFor();
      await list.getByRole('row').filter({ hasText: 'subscription-product.updated' }).waitFor({ state: 'detached' });
      await list.getByRole('row').filter({ hasText: 'subscription-product.created' }).waitFor();
      await accessible(page, 'filtered trail');
      await watch.checkApiAnswers();
      expect(watch.consoleErrors, 'console errors').to.deep.equal([]);
    });
  },
);
