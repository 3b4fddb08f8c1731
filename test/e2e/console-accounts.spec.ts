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
import { PLAN_ATTRIBUTES } from '../support/subscription-builders.js';
import { jsonBody } from '../support/test-api.js';

const skipped = noBrowserReason();
/** An account id the store has no account for: a subscription may name an account kept elsewhere. */
const ELSEWHERE = '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60';
/** The most a first visit may download, on the wire, headers included (docs/console.md). */
const FIRST_VISIT_BUDGET = 150 * 1024;

const accessible = async (page: Page, where: string): Promise<void> => {
  expect(await seriousViolations(page), where).to.deep.equal([]);
};

const refusesNothing = async (watch: PageWatch): Promise<void> => {
  await watch.checkApiAnswers();
  expect(watch.outbound, 'requests beyond the loopback').to.deep.equal([]);
  expect(watch.consoleErrors, 'console errors').to.deep.equal([]);
};

const signIn = async (page: Page, billing: BillingApi): Promise<void> => {
  await page.goto(`${billing.api.url}/console`);
  await page.getByLabel('Client id').fill(billing.api.store.key.clientId);
  await page.getByLabel('Client secret').fill(billing.api.store.clientSecret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
};

/** What the merchant's systems make through the API, and a member as the account realm keeps it. */
interface Customers {
  readonly acme: Resource;
  readonly bistro: Resource;
  readonly ada: Resource;
  readonly elsewhere: Resource;
}

const customers = async (billing: BillingApi): Promise<Customers> => {
  const acme = await billing.created('/v2/accounts', {
    type: 'account',
    name: 'Acme Coffee',
    legal_name: 'Acme Coffee Ltd',
    external_ref: 'crm-42',
  });
  const bistro = await billing.created('/v2/accounts', { type: 'account', name: 'Bistro', legal_name: 'Bistro SA' });
  // Members are the account realm's user-authentication-info; the console only reads them.
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
    products: [product.id],
    plans: [plan.id],
  });
  const [offeredPlan] = await billing.read<Resource[]>(`/v2/subscriptions/offerings/${offering.id}/plans`);
  const subscribe = (accountId: string, name: string) =>
    billing.created('/v2/subscriptions/subscriptions', {
      type: 'subscription',
      account_id: accountId,
      offering_id: offering.id,
      plan_id: offeredPlan?.id,
      currency: 'USD',
      name,
      email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
      payment_authority: { type: 'platform_payments_processor' },
    });
  const ada = await subscribe(acme.id, 'Ada Lovelace');
  const elsewhere = await subscribe(ELSEWHERE, 'Grace Hopper');
  return { acme, bistro, ada, elsewhere };
};

(skipped === undefined ? describe : describe.skip)(
  `Console: accounts, in a real browser${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
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

    it('tells an empty store where accounts come from, within the first visit’s budget', async () => {
      const { page } = watch;
      const transfers: Promise<number>[] = [];
      page.on('requestfinished', (request) => {
        transfers.push(request.sizes().then((sizes) => sizes.responseHeadersSize + sizes.responseBodySize));
      });
      await page.goto(`${billing.api.url}/console`);
      await page.getByLabel('Client id').waitFor();
      // The page, its script and its style sheet, as sent (compressed), and the question whether the browser
      // holds a console session (204: none), before anything is asked of the API.
      const downloaded = (await Promise.all(transfers)).reduce((sum, bytes) => sum + bytes, 0);
      expect(transfers.length, 'requests of the first visit').to.equal(4);
      expect(downloaded, 'bytes of the first visit')
        .to.be.above(10 * 1024)
        .and.at.most(FIRST_VISIT_BUDGET);
      await page.getByLabel('Client id').fill(billing.api.store.key.clientId);
      await page.getByLabel('Client secret').fill(billing.api.store.clientSecret);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('.stat').filter({ hasText: 'Accounts' }).getByText('0', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Accounts' }).click();
      await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
      await page.getByText('No account yet.').waitFor();
      await page.getByText(/^Accounts are made when shoppers sign up from a storefront/).waitFor();
      await accessible(page, 'no account');
      await refusesNothing(watch);
    });

    it('lists and filters accounts and members; shows an account’s fields, members and subscriptions, a member’s accounts; links a subscription to its account', async () => {
      const { acme, ada, elsewhere } = await customers(billing);
      const { page } = watch;
      await signIn(page, billing);
      await page.locator('.stat').filter({ hasText: 'Accounts' }).getByText('2', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Accounts' }).click();
      const list = page.getByRole('table', { name: 'Accounts' });
      const acmeRow = list.getByRole('row').filter({ hasText: 'Acme Coffee' });
      await acmeRow.waitFor();
      // Names first, ids nowhere: the row is what a merchant knows the customer by.
      expect((await acmeRow.getByRole('cell').allTextContents()).slice(0, 3)).to.deep.equal([
        'Acme Coffee',
        'Acme Coffee Ltd',
        'crm-42',
      ]);
      await list.getByRole('row').filter({ hasText: 'Bistro' }).waitFor();
      await accessible(page, 'accounts');

      // A filter narrows the list, and lives in the address.
      const filter = page.getByRole('form', { name: 'Add a filter condition' });
      await filter.getByLabel('Field').selectOption('name');
      await filter.getByLabel('Value').fill('Bistro');
      await filter.getByRole('button', { name: 'Add condition' }).click();
      await page.getByText('eq(name,Bistro)', { exact: true }).waitFor();
      await acmeRow.waitFor({ state: 'detached' });
      expect(await list.getByRole('row').count()).to.equal(2);
      expect(decodeURIComponent(new URL(page.url()).hash)).to.equal('#/accounts?filter=eq(name,Bistro)');
      await page.getByRole('button', { name: 'Clear filter' }).click();
      // A field takes only the operators the API takes on it: a pattern on a name, never on an id.
      await filter.getByLabel('Field').selectOption('id');
      await filter.getByLabel('Operator').locator('option[value="like"]').waitFor({ state: 'detached' });
      expect(await filter.getByLabel('Operator').locator('option').allTextContents()).to.deep.equal([
        'equals (eq)',
        'is one of (in)',
      ]);
      await filter.getByLabel('Field').selectOption('legal_name');
      await filter.getByLabel('Operator').selectOption('like');
      await filter.getByLabel('Pattern').fill('*Coffee*');
      await filter.getByRole('button', { name: 'Add condition' }).click();
      await page.getByText('like(legal_name,*Coffee*)', { exact: true }).waitFor();
      await page.getByText('1 in all; page 1 of 1.').waitFor();
      await acmeRow.waitFor();
      await accessible(page, 'accounts matching a pattern');
      await page.getByRole('button', { name: 'Clear filter' }).click();

      await list.getByRole('link', { name: 'Acme Coffee' }).click();
      await page.getByRole('heading', { name: 'Acme Coffee', level: 1 }).waitFor();
      expect(new URL(page.url()).hash).to.equal(`#/accounts/${acme.id}`);
      await page.getByText('Acme Coffee Ltd', { exact: true }).waitFor();
      await page.getByText(acme.id, { exact: true }).waitFor();
      const members = page.getByRole('table', { name: 'Members' });
      const ronRow = members.getByRole('row').filter({ hasText: 'Ron Swanson' });
      await ronRow.getByRole('cell', { name: 'ron@example.com', exact: true }).waitFor();
      const subscriptions = page.getByRole('table', { name: 'Subscriptions of the account' });
      await subscriptions.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
      // Only this account's: the subscription of an account kept elsewhere is not among them.
      expect(await subscriptions.getByRole('row').count()).to.equal(2);
      await accessible(page, 'account');

      await subscriptions.getByRole('link', { name: 'Ada Lovelace' }).click();
      await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
      expect(new URL(page.url()).hash).to.equal(`#/subscriptions/${ada.id}`);
      await page.getByRole('link', { name: 'Acme Coffee' }).click();
      await page.getByRole('heading', { name: 'Acme Coffee', level: 1 }).waitFor();

      // A member's page: the accounts they may act for; the members, found by a pattern on their email.
      await page.getByRole('table', { name: 'Members' }).getByRole('link', { name: 'Ron Swanson' }).click();
      await page.getByRole('heading', { name: 'Ron Swanson', level: 1 }).waitFor();
      const ronsAccounts = page.getByRole('table', { name: 'Accounts of the member' });
      await ronsAccounts.getByRole('link', { name: 'Acme Coffee' }).waitFor();
      expect(
        (
          await ronsAccounts.getByRole('row').filter({ hasText: 'Acme Coffee' }).getByRole('cell').allTextContents()
        ).slice(0, 2),
      ).to.deep.equal(['Acme Coffee', 'Acme Coffee Ltd']);
      expect(await ronsAccounts.getByRole('row').count()).to.equal(2);
      await accessible(page, 'member');
      await page.getByRole('link', { name: '← Members' }).click();
      const memberFilter = page.getByRole('form', { name: 'Add a filter condition' });
      await memberFilter.getByLabel('Field').selectOption('email');
      await memberFilter.getByLabel('Operator').selectOption('like');
      await memberFilter.getByLabel('Pattern').fill('ron@*');
      await memberFilter.getByRole('button', { name: 'Add condition' }).click();
      await page.getByText('like(email,ron@*)', { exact: true }).waitFor();
      await page.getByRole('table', { name: 'Members' }).getByRole('cell', { name: 'ron@example.com' }).waitFor();
      expect(decodeURIComponent(new URL(page.url()).hash)).to.equal('#/accounts?tab=members&filter=like(email,ron@*)');
      await accessible(page, 'members');

      // An account the store does not have: its id, and no link.
      await page.getByRole('link', { name: 'Subscriptions' }).first().click();
      await page.getByRole('link', { name: 'Grace Hopper' }).click();
      await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
      expect(new URL(page.url()).hash).to.equal(`#/subscriptions/${elsewhere.id}`);
      await page.getByText(ELSEWHERE, { exact: true }).waitFor();
      await page.getByText('(not an account of this store)').waitFor();
      expect(await page.getByRole('main').getByRole('link', { name: ELSEWHERE }).count()).to.equal(0);
      await refusesNothing(watch);
    });

    it('reaches the accounts, an account, its subscription and back, and a member, with the keyboard alone', async () => {
      const { acme } = await customers(billing);
      const { page } = watch;
      await signIn(page, billing);
      await tabTo(page, 'Accounts');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
      expect(await page.title()).to.equal('Accounts · commerce-core console');
      await page.getByRole('link', { name: 'Acme Coffee' }).waitFor();
      await tabTo(page, 'Acme Coffee');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Acme Coffee', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
      await tabTo(page, 'Ada Lovelace');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Acme Coffee' }).waitFor();
      await tabTo(page, 'Acme Coffee');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Acme Coffee', level: 1 }).waitFor();
      expect(new URL(page.url()).hash).to.equal(`#/accounts/${acme.id}`);
      await page.getByRole('link', { name: 'Ron Swanson' }).waitFor();
      await tabTo(page, 'Ron Swanson');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Ron Swanson', level: 1 }).waitFor();
      expect(await page.title()).to.equal('Accounts · commerce-core console');
      await refusesNothing(watch);
    });

    it('shows the feature tags an account’s subscriptions grant now, and none for an account without', async () => {
      const { acme, bistro } = await customers(billing);
      // Features are configured on a 2025 offering; the console reads the same records on the 2024 wire.
      const built = await billing.api.request(
        '/generations/2025/v2/subscriptions/offerings/build',
        jsonBody({
          data: {
            name: 'Library club',
            features: [
              { name: 'Digital library', external_ref: 'library', configuration: { type: 'access', tag: 'library' } },
            ],
            plans: [{ name: 'Reader', external_ref: 'reader', price: { USD: { amount: 999 } } }],
            pricing_options: [{ ...PLAN_ATTRIBUTES, name: 'Monthly', external_ref: 'monthly' }],
            configured_features: { reader: { library: { type: 'access' } } },
          },
        }),
      );
      expect(built.status, await built.clone().text()).to.equal(201);
      type Related = { readonly data: readonly { readonly id: string }[] };
      const offering = (
        (await built.json()) as {
          data: { id: string; relationships: { plans: Related; pricing_options: Related } };
        }
      ).data;
      const subscribed = await billing.api.request(
        '/generations/2025/v2/subscriptions/subscriptions',
        jsonBody({
          data: {
            account_id: acme.id,
            offering_id: offering.id,
            plan_id: offering.relationships.plans.data[0]?.id,
            pricing_option_id: offering.relationships.pricing_options.data[0]?.id,
            currency: 'USD',
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            payment_authority: { type: 'elastic_path_payments_stripe', customer_id: 'cus_1', card_id: 'card_1' },
          },
        }),
      );
      expect(subscribed.status, await subscribed.clone().text()).to.equal(201);
      const { page } = watch;
      await signIn(page, billing);
      await page.getByRole('link', { name: 'Accounts' }).click();
      await page.getByRole('link', { name: 'Acme Coffee' }).click();
      const entitlements = page.getByRole('region', { name: 'Entitlements' });
      await entitlements.getByRole('listitem').first().waitFor();
      expect(await entitlements.getByRole('listitem').allTextContents()).to.deep.equal(['library']);
      await accessible(page, 'account with entitlements');
      await page.getByRole('link', { name: '← Accounts' }).click();
      await page.getByRole('link', { name: 'Bistro' }).click();
      await page.getByRole('heading', { name: 'Bistro', level: 1 }).waitFor();
      expect(new URL(page.url()).hash).to.equal(`#/accounts/${bistro.id}`);
      await entitlements.getByText('None: no subscription of this account grants a feature now.').waitFor();
      await refusesNothing(watch);
    });
  },
);
