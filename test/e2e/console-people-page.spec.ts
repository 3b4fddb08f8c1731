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

const skipped = noBrowserReason();
/** The most a first visit may download, on the wire, headers included (docs/console.md). */
const FIRST_VISIT_BUDGET = 150 * 1024;

const accessible = async (page: Page, where: string): Promise<void> => {
  expect(await seriousViolations(page), where).to.deep.equal([]);
};

/** No request leaves the loopback and the page logs no error but the refusals a test provokes (`allowed`). */
const refusesNothing = async (watch: PageWatch, allowed: readonly RegExp[] = []): Promise<void> => {
  await watch.checkApiAnswers();
  expect(watch.outbound, 'requests beyond the loopback').to.deep.equal([]);
  expect(
    watch.consoleErrors.filter((e) => !allowed.some((a) => a.test(e))),
    'console errors',
  ).to.deep.equal([]);
};

const signIn = async (page: Page, billing: BillingApi, landing = 'Store'): Promise<void> => {
  await page.getByLabel('Client id').fill(billing.api.store.key.clientId);
  await page.getByLabel('Client secret').fill(billing.api.store.clientSecret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: landing, level: 1 }).waitFor();
};

const toPeople = async (page: Page): Promise<void> => {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'People' }).click();
  await page.getByRole('heading', { name: 'People', level: 1 }).waitFor();
};

const addPerson = async (page: Page, name: string, email: string, role: string): Promise<void> => {
  const form = page.getByRole('form', { name: 'Add a person' });
  if (!(await form.isVisible())) await page.getByText('Add a person', { exact: true }).first().click();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('button', { name: 'Add the person' }).click();
  await page.getByRole('table', { name: 'People' }).getByRole('cell', { name: email, exact: true }).waitFor();
};

(skipped === undefined ? describe : describe.skip)(
  `Console: people and their roles, in a real browser${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
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

    it('says what to do in a store with no people yet, within the first visit’s budget', async () => {
      const { page } = watch;
      const transfers: Promise<number>[] = [];
      page.on('requestfinished', (request) => {
        transfers.push(request.sizes().then((sizes) => sizes.responseHeadersSize + sizes.responseBodySize));
      });
      await page.goto(`${billing.api.url}/console#/people`);
      await page.getByLabel('Client id').waitFor();
      const downloaded = (await Promise.all(transfers)).reduce((sum, bytes) => sum + bytes, 0);
      expect(transfers.length, 'requests of the first visit').to.equal(4);
      expect(downloaded, 'bytes of the first visit').to.be.at.most(FIRST_VISIT_BUDGET);
      await signIn(page, billing, 'People');
      await page.getByText('No one signs in to this store yet.').waitFor();
      await page.getByText(/^Add yourself first, as an owner/).waitFor();
      await accessible(page, 'no people');
      await refusesNothing(watch);
    });

    it('adds people, filters them by role, changes a role, keeps the last owner and removes a person', async () => {
      const { page } = watch;
      await page.goto(`${billing.api.url}/console`);
      await signIn(page, billing);
      await toPeople(page);
      await addPerson(page, 'Ada Owner', 'ada@example.com', 'owner');
      await addPerson(page, 'Bob Books', 'bob@example.com', 'billing');
      const table = page.getByRole('table', { name: 'People' });
      const bob = table.getByRole('row').filter({ hasText: 'Bob Books' });
      expect((await bob.getByRole('cell').allTextContents()).slice(0, 4)).to.deep.equal([
        'Bob Books',
        'bob@example.com',
        'billing',
        'never',
      ]);
      await accessible(page, 'people');

      // Filters: the role is one of four values.
      const filter = page.getByRole('form', { name: 'Add a filter condition' });
      await filter.getByLabel('Field').selectOption('role');
      await filter.getByLabel('Value').fill('owner');
      await filter.getByRole('button', { name: 'Add condition' }).click();
      await page.getByText('eq(role,owner)', { exact: true }).waitFor();
      await bob.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Clear filter' }).click();

      // A role change.
      await bob.getByRole('button', { name: 'Change role of Bob Books' }).click();
      const roleForm = page.getByRole('form', { name: 'Role of Bob Books' });
      await roleForm.getByLabel('Role').selectOption('read-only');
      await roleForm.getByRole('button', { name: 'Save the role' }).click();
      await bob.getByRole('cell', { name: 'read-only', exact: true }).waitFor();

      // The last owner cannot be demoted: the page shows the API's reason.
      const ada = table.getByRole('row').filter({ hasText: 'Ada Owner' });
      await ada.getByRole('button', { name: 'Change role of Ada Owner' }).click();
      const adaForm = page.getByRole('form', { name: 'Role of Ada Owner' });
      await adaForm.getByLabel('Role').selectOption('admin');
      await adaForm.getByRole('button', { name: 'Save the role' }).click();
      await adaForm.getByText(/without an owner/).waitFor();
      await accessible(page, 'the last owner refused');
      await adaForm.getByRole('button', { name: 'Cancel' }).click();

      // A password in the merchant realm: its first password profile is made from the page.
      await ada.getByRole('button', { name: 'Set password for Ada Owner' }).click();
      await page.getByRole('button', { name: 'Create a password profile' }).click();
      const credentials = page.getByRole('form', { name: 'Username and password of Ada Owner' });
      expect(await credentials.getByLabel('Username').inputValue()).to.equal('ada@example.com');
      await credentials.locator('input[type="password"]').fill('a long enough secret');
      await accessible(page, 'a password');
      await credentials.getByRole('button', { name: 'Save the password' }).click();
      await credentials.waitFor({ state: 'detached' });
      const mapping = await billing.read<{ realm_id: string }>('/v2/merchant-realm-mappings');
      const adaId = (await billing.read<{ id: string; email: string }[]>('/v2/merchant-users')).find(
        (p) => p.email === 'ada@example.com',
      )?.id;
      const stored = await billing.read<{ username: string }[]>(
        `/v2/authentication-realms/${mapping.realm_id}/user-authentication-info/${adaId}/user-authentication-password-profile-info`,
      );
      expect(stored.map((c) => c.username)).to.deep.equal(['ada@example.com']);

      await bob.getByRole('button', { name: 'Remove' }).click();
      await bob.getByRole('button', { name: 'Remove Bob Books and sign them out' }).click();
      await bob.waitFor({ state: 'detached' });
      expect(await table.getByRole('row').count()).to.equal(2);
      // The one refusal is the last owner's demotion, asked for above.
      await refusesNothing(watch, [/status of 409 \(Conflict\)/]);
    });

    it('adds a person and changes their role with the keyboard alone', async () => {
      const { page } = watch;
      await page.goto(`${billing.api.url}/console`);
      await signIn(page, billing);
      await tabTo(page, 'People');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'People', level: 1 }).waitFor();
      expect(await page.title()).to.equal('People · commerce-core console');
      await tabTo(page, 'Add a person');
      await page.keyboard.press('Enter');
      await tabTo(page, 'Name');
      await page.keyboard.type('Cy Keys');
      await tabTo(page, 'Email');
      await page.keyboard.type('cy@example.com');
      await tabTo(page, 'Add the person');
      await page.keyboard.press('Enter');
      const cy = page.getByRole('table', { name: 'People' }).getByRole('row').filter({ hasText: 'Cy Keys' });
      await cy.getByRole('cell', { name: 'read-only', exact: true }).waitFor();
      await tabTo(page, 'Change role of Cy Keys');
      await page.keyboard.press('Enter');
      await tabTo(page, /^Role/);
      await page.keyboard.press('Home');
      await tabTo(page, 'Save the role');
      await page.keyboard.press('Enter');
      await cy.getByRole('cell', { name: 'owner', exact: true }).waitFor();
      await accessible(page, 'people by keyboard');
      await refusesNothing(watch);
    });
  },
);
