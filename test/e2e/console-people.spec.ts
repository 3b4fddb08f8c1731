import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { Browser, Page } from 'playwright-core';
import { AUTHENTICATION_REALM_TOKENS as R } from '../../src/application/authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../src/application/people-tokens.js';
import { newMerchantUser } from '../../src/domain/people/merchant-user.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
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
import { testIds } from '../support/system-fakes.js';
import { jsonBody } from '../support/test-api.js';

const skipped = noBrowserReason();
const PASSWORD = 'correct horse battery';

const accessible = async (page: Page, where: string): Promise<void> => {
  expect(await seriousViolations(page), where).to.deep.equal([]);
};

/** The store's login prefix, a password profile of its merchant realm, and Ada with a username and password in it. */
const seedPerson = async (billing: BillingApi): Promise<void> => {
  const { api } = billing;
  const storeId = api.store.store.id;
  const realm = await api.container.get(R.AuthenticationRealmRepository).findMerchantRealm(storeId);
  if (realm === undefined) throw new Error('no merchant realm');
  const profile = await billing.created(`/v2/authentication-realms/${realm.id}/password-profiles`, {
    type: 'password_profile',
    name: 'Staff',
  });
  const ada = newMerchantUser(
    testIds.uuid(),
    storeId,
    { name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' },
    new Date(),
  );
  await api.container.get(PEOPLE_TOKENS.MerchantUserRepository).insert(ada);
  const stored = await api.container.get(R.PasswordProfileInfoRepository).insert({
    id: testIds.uuid(),
    storeId,
    accountMemberId: ada.id,
    passwordProfileId: profile.id as Uuid,
    username: 'ada',
    passwordHash: await api.container.get(R.PasswordHasher).hash(PASSWORD),
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  expect(E.isRight(stored)).to.equal(true);
  const mapped = await api.request(`/v2/merchant-realm-mappings/${api.store.realmMapping.id}`, {
    ...jsonBody({ data: { type: 'merchant-realm-mappings', prefix: 'acme' } }),
    method: 'PUT',
  });
  expect(mapped.status).to.equal(200);
};

const signedInAsAda = async (page: Page): Promise<void> => {
  await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
  await page.getByText('Ada Lovelace (admin)').waitFor();
};

const signInAsAda = async (page: Page, billing: BillingApi): Promise<void> => {
  await page.goto(`${billing.api.url}/console/login/ACME`);
  await page.getByRole('heading', { name: 'Sign in to Test store' }).waitFor();
  await page.getByLabel('Username').fill('ada');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signedInAsAda(page);
};

(skipped === undefined ? describe : describe.skip)(
  `Console: people signing in through their store's address, in a real browser${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
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
      await seedPerson(billing);
      watch = await watchedPage(browser);
    });
    afterEach(async () => {
      await watch.context.close();
      await billing.stop();
    });

    it('signs a person in at /console/login/<prefix>, keeps them signed in across a reload, and never lets a script see the session', async () => {
      const { page } = watch;
      await page.goto(`${billing.api.url}/console/login/acme`);
      await page.getByRole('heading', { name: 'Sign in to Test store' }).waitFor();
      await accessible(page, 'the sign-in page');
      await page.getByLabel('Username').fill('ada');
      await page.getByLabel('Password', { exact: true }).fill('wrong password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('the prefix, username and password do not match a person of the store').waitFor();
      await page.getByLabel('Username').fill('ada');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await signedInAsAda(page);
      await page.getByText('Test store', { exact: true }).waitFor();
      await accessible(page, 'the store page, signed in as a person');
      expect(
        await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie),
      ).to.equal('');
      await page.reload();
      await signedInAsAda(page);
      expect(
        await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie),
      ).to.equal('');
      await watch.checkApiAnswers();
      expect(
        watch.consoleErrors.filter((e) => !e.includes('401')),
        'console errors',
      ).to.deep.equal([]);
    });

    it('signs out everywhere: the session in a second browser ends too', async () => {
      const { page } = watch;
      await signInAsAda(page, billing);
      const other = await watchedPage(browser);
      try {
        await signInAsAda(other.page, billing);
        await page.getByRole('button', { name: 'Sign out everywhere' }).click();
        await page.getByText('You signed out everywhere.').waitFor();
        await other.page.reload();
        await other.page.getByRole('heading', { name: 'Sign in to Test store' }).waitFor();
        await page.reload();
        await page.getByLabel('Username').waitFor();
      } finally {
        await other.context.close();
      }
    });

    it('signs in with the keyboard alone', async () => {
      const { page } = watch;
      await page.goto(`${billing.api.url}/console/login/acme`);
      await page.getByRole('heading', { name: 'Sign in to Test store' }).waitFor();
      await tabTo(page, 'Username');
      await page.keyboard.type('ada');
      await tabTo(page, 'Password');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await signedInAsAda(page);
      await tabTo(page, 'Sign out');
      await page.keyboard.press('Enter');
      await page.getByText('You signed out.').waitFor();
    });

    it('answers an address no store signs in at', async () => {
      const { page } = watch;
      await page.goto(`${billing.api.url}/console/login/nosuch`);
      await page.getByText('No store signs in at this address.').waitFor();
      await accessible(page, 'an unknown prefix');
    });
  },
);
