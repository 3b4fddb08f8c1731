import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { Browser, Locator, Page } from 'playwright-core';
import { AUTHENTICATION_REALM_TOKENS as R } from '../../src/application/authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../src/application/people-tokens.js';
import { newMerchantUser } from '../../src/domain/people/merchant-user.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
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
import { jsonBody, startTestApi, type TestApi } from '../support/test-api.js';

const skipped = noBrowserReason();
/** The most a first visit may download, on the wire, headers included (docs/console.md). */
const FIRST_VISIT_BUDGET = 150 * 1024;
const STRIPE_KEY = 'sk_test_51ConsoleTypedSecretKey4242';
const PUBLISHABLE_KEY = 'pk_test_51PastedByMistake0000';
const API_LOGIN = 'cnsLogin7';
const TRANSACTION_KEY = 'Console12345678Z';
const PASSWORD = 'correct horse battery';

type Gateway = Record<string, unknown>;

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

const signIn = async (page: Page, api: TestApi, landing = 'Store'): Promise<void> => {
  await page.getByLabel('Client id').fill(api.store.key.clientId);
  await page.getByLabel('Client secret').fill(api.store.clientSecret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: landing, level: 1 }).waitFor();
};

const gatewayOf = async (api: TestApi, slug: string): Promise<Gateway> =>
  ((await (await api.request(`/v2/gateways/${slug}`)).json()) as { data: Gateway }).data;

/** The cells of a gateway's row in the table, its name first. */
/** The Stripe row's second credential, its webhook signing secret, never set here (its list items read as one text). */
const NO_WEBHOOK_SECRET = 'Webhook signing secret: not set';

const rowOf = async (page: Page, name: string): Promise<string[]> => {
  const row = page.getByRole('table', { name: "The store's gateways" }).getByRole('row').filter({ hasText: name });
  return [await row.getByRole('rowheader').textContent(), ...(await row.getByRole('cell').allTextContents())].map(
    (text) => (text ?? '').trim(),
  );
};

/** Everything of the page a script or a person could read a secret from: its markup, every field's value, its storage. */
const readable = async (page: Page): Promise<string> => {
  const fields = await page.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as { value: string }).value));
  // No function is declared in the page's function: the test compiler would name it with a helper the page lacks.
  const storage = await page.evaluate(() => {
    const g = globalThis as unknown as {
      localStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null };
      sessionStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null };
      document: { cookie: string };
    };
    const entries: string[] = [g.document.cookie];
    for (const s of [g.localStorage, g.sessionStorage])
      for (let i = 0; i < s.length; i++) entries.push(`${s.key(i)}=${s.getItem(s.key(i) ?? '')}`);
    return entries.join(';');
  });
  return `${await page.content()}\n${fields.join('\n')}\n${storage}`;
};

const noneOf = async (page: Page, secrets: readonly string[], where: string): Promise<void> => {
  const text = await readable(page);
  for (const secret of secrets) expect(text, `${where}: ${secret}`).not.to.include(secret);
};

const settingsOf = (page: Page, name: string): Locator => page.getByRole('form', { name: `${name} settings` });

/** A person of the store with `role`, who signs in through the prefix `acme` with PASSWORD as `username`. */
const seedPerson = async (api: TestApi, role: 'billing', username: string): Promise<void> => {
  const storeId = api.store.store.id;
  const realm = await api.container.get(R.AuthenticationRealmRepository).findMerchantRealm(storeId);
  if (realm === undefined) throw new Error('no merchant realm');
  const made = await api.request(`/v2/authentication-realms/${realm.id}/password-profiles`, {
    ...jsonBody({ data: { type: 'password_profile', name: 'Staff' } }),
  });
  expect(made.status).to.equal(201);
  const profile = ((await made.json()) as { data: { id: string } }).data;
  const person = newMerchantUser(
    testIds.uuid(),
    storeId,
    { name: 'Bo Books', email: 'bo@example.com', role },
    new Date(),
  );
  await api.container.get(PEOPLE_TOKENS.MerchantUserRepository).insert(person);
  const stored = await api.container.get(R.PasswordProfileInfoRepository).insert({
    id: testIds.uuid(),
    storeId,
    accountMemberId: person.id,
    passwordProfileId: profile.id as Uuid,
    username,
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

(skipped === undefined ? describe : describe.skip)(
  `Console: payment gateways, in a real browser${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
  function () {
    this.timeout(120_000);
    let browser: Browser;
    let api: TestApi;
    let watch: PageWatch & { context: { close(): Promise<void> } };

    before(async () => {
      await ensureConsoleBuilt();
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
    });
    beforeEach(async () => {
      watch = await watchedPage(browser);
    });
    afterEach(async () => {
      await watch.context.close();
      await api.close();
    });

    it('enables Stripe with a key and shows its mask, never the key, and a refused key beside its field', async () => {
      api = await startTestApi();
      const { page } = watch;
      const transfers: Promise<number>[] = [];
      page.on('requestfinished', (request) => {
        transfers.push(request.sizes().then((sizes) => sizes.responseHeadersSize + sizes.responseBodySize));
      });
      await page.goto(`${api.url}/console#/gateways`);
      await page.getByLabel('Client id').waitFor();
      // The form may show before the session's answer has finished arriving.
      await page.waitForLoadState('networkidle');
      const downloaded = (await Promise.all(transfers)).reduce((sum, bytes) => sum + bytes, 0);
      expect(transfers.length, 'requests of the first visit').to.equal(4);
      expect(downloaded, 'bytes of the first visit').to.be.at.most(FIRST_VISIT_BUDGET);
      await signIn(page, api, 'Payment gateways');
      expect(await page.title()).to.equal('Payment gateways · commerce-core console');
      expect(await rowOf(page, 'Stripe Payment Intents')).to.deep.equal([
        'Stripe Payment Intents',
        'no',
        'no',
        `Secret key: not set${NO_WEBHOOK_SECRET}`,
      ]);
      expect(await rowOf(page, 'Manual')).to.deep.equal(['Manual', 'no', 'none (no test mode)', 'none needed']);
      await accessible(page, 'gateways as a store starts');

      // A publishable key pasted by mistake: the API's reason beside the field, the value gone from the page.
      const stripe = settingsOf(page, 'Stripe Payment Intents');
      await stripe.getByLabel('Enabled').check();
      await stripe.getByLabel('Secret key').fill(PUBLISHABLE_KEY);
      await stripe.getByRole('button', { name: 'Save Stripe Payment Intents' }).click();
      const refusal = stripe.getByText(/^data\.login must be a Stripe secret key/);
      await refusal.waitFor();
      expect(await stripe.getByLabel('Secret key').getAttribute('aria-invalid')).to.equal('true');
      expect(await stripe.getByLabel('Secret key').getAttribute('aria-describedby')).to.include(
        (await refusal.getAttribute('id')) ?? 'no id',
      );
      await accessible(page, 'a refused key');
      await noneOf(page, [PUBLISHABLE_KEY], 'after a refusal');
      expect(await gatewayOf(api, 'stripe_payment_intents'))
        .to.include({ enabled: false })
        .and.not.have.property('login');

      // The key itself: saved, the mask shown, the key nowhere a script could read it.
      await stripe.getByLabel('Test mode').check();
      await stripe.getByLabel('Secret key').fill(STRIPE_KEY);
      await stripe.getByRole('button', { name: 'Save Stripe Payment Intents' }).click();
      await stripe.getByRole('status').getByText('Saved.').waitFor();
      expect(await rowOf(page, 'Stripe Payment Intents')).to.deep.equal([
        'Stripe Payment Intents',
        'yes',
        'yes',
        `Secret key: ****4242${NO_WEBHOOK_SECRET}`,
      ]);
      expect(await refusal.count()).to.equal(0);
      expect(await stripe.getByLabel('Secret key').inputValue()).to.equal('');
      expect(await stripe.getByLabel('Enabled').isChecked()).to.equal(true);
      await stripe.getByText('now ****4242; leave empty to keep it').waitFor();
      await noneOf(page, [STRIPE_KEY, STRIPE_KEY.slice(0, -4)], 'after saving');
      expect(await gatewayOf(api, 'stripe_payment_intents')).to.deep.include({
        enabled: true,
        test: true,
        login: '****4242',
      });

      // Leaving the key empty keeps it: test mode off alone.
      await stripe.getByLabel('Test mode').uncheck();
      await stripe.getByRole('button', { name: 'Save Stripe Payment Intents' }).click();
      const testMode = page
        .getByRole('table', { name: "The store's gateways" })
        .getByRole('row')
        .filter({ hasText: 'Stripe Payment Intents' })
        .getByRole('cell')
        .nth(1);
      await testMode.filter({ hasText: /^no$/ }).waitFor();
      expect(await rowOf(page, 'Stripe Payment Intents')).to.deep.equal([
        'Stripe Payment Intents',
        'yes',
        'no',
        `Secret key: ****4242${NO_WEBHOOK_SECRET}`,
      ]);
      expect(await gatewayOf(api, 'stripe_payment_intents')).to.deep.include({ test: false, login: '****4242' });
      // After a reload, only the mask comes back from the service.
      await page.reload();
      await page.getByRole('heading', { name: 'Payment gateways', level: 1 }).waitFor();
      await page.getByRole('table').getByText('Secret key: ****4242').waitFor();
      await noneOf(page, [STRIPE_KEY], 'after a reload');
      // The one refusal is the publishable key's, asked for above.
      await refusesNothing(watch, [/status of 400 \(Bad Request\)/]);
    });

    it('sets Authorize.net’s credentials with the keyboard alone', async () => {
      api = await startTestApi();
      const { page } = watch;
      await page.goto(`${api.url}/console`);
      await signIn(page, api);
      await tabTo(page, 'Payment gateways');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Payment gateways', level: 1 }).waitFor();
      const form = settingsOf(page, 'Authorize.net');
      await form.waitFor();
      await tabTo(page, 'Enabled', 200);
      // The first "Enabled" is the manual gateway's: on to Authorize.net's, the last form.
      for (let form = 0; form < 3; form++) await tabTo(page, 'Enabled', 20);
      await page.keyboard.press('Space');
      await tabTo(page, 'API Login ID');
      await page.keyboard.type(API_LOGIN);
      await tabTo(page, 'Transaction Key');
      await page.keyboard.type(TRANSACTION_KEY);
      await tabTo(page, 'Save Authorize.net');
      await page.keyboard.press('Enter');
      await form.getByRole('status').getByText('Saved.').waitFor();
      expect(await rowOf(page, 'Authorize.net')).to.deep.equal([
        'Authorize.net',
        'yes',
        'no',
        // Under 12 characters, the login is masked whole.
        'API Login ID: ****Transaction Key: ****678Z',
      ]);
      await noneOf(page, [API_LOGIN, TRANSACTION_KEY], 'after saving');
      expect(await gatewayOf(api, 'authorize_net')).to.deep.include({
        enabled: true,
        login: '****',
        password: '****678Z',
      });
      await accessible(page, 'Authorize.net saved by keyboard');
      await refusesNothing(watch);
    });

    it('says what the operator must set when the deployment has no GATEWAY_CREDENTIALS_KEY', async () => {
      api = await startTestApi({ gatewayCredentialsKeys: [] });
      const { page } = watch;
      await page.goto(`${api.url}/console#/gateways`);
      await signIn(page, api, 'Payment gateways');
      const stripe = settingsOf(page, 'Stripe Payment Intents');
      await stripe.getByLabel('Enabled').check();
      await stripe.getByLabel('Secret key').fill(STRIPE_KEY);
      await stripe.getByRole('button', { name: 'Save Stripe Payment Intents' }).click();
      const note = stripe.getByRole('alert');
      await note.getByText(/must set GATEWAY_CREDENTIALS_KEY in the service's environment/).waitFor();
      await note.getByText(/^Nothing was changed\./).waitFor();
      // Every credential field now says why it cannot be stored.
      await settingsOf(page, 'Authorize.net')
        .getByText('cannot be stored until the operator sets GATEWAY_CREDENTIALS_KEY')
        .first()
        .waitFor();
      await noneOf(page, [STRIPE_KEY], 'after the refusal');
      expect(await gatewayOf(api, 'stripe_payment_intents'))
        .to.include({ enabled: false })
        .and.not.have.property('login');
      await accessible(page, 'no credentials key');

      // What holds no credential is still saved.
      const connect = settingsOf(page, 'Elastic Path Payments powered by Stripe');
      await connect.getByLabel('Enabled').check();
      await connect.getByLabel('Connected account').fill('acct_1ConsoleNoKey');
      await connect.getByRole('button', { name: 'Save Elastic Path Payments powered by Stripe' }).click();
      await connect.getByRole('status').getByText('Saved.').waitFor();
      expect(await rowOf(page, 'Elastic Path Payments powered by Stripe')).to.deep.equal([
        'Elastic Path Payments powered by Stripe',
        'yes',
        'no',
        'Connected account: acct_1ConsoleNoKey',
      ]);
      await refusesNothing(watch, [/status of 422 \(Unprocessable (Content|Entity)\)/]);
    });

    it('lists the page only for roles that administer the store, and tells the others why', async () => {
      api = await startTestApi();
      await seedPerson(api, 'billing', 'bo');
      const { page } = watch;
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await page.goto(`${api.url}/console/login/acme`);
      await page.getByLabel('Username').fill('bo');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Bo Books (billing)').waitFor();
      const sections = page.getByRole('navigation', { name: 'Sections' });
      await sections.getByRole('link', { name: 'Billing', exact: true }).waitFor();
      expect(await sections.getByRole('link', { name: 'Payment gateways' }).count()).to.equal(0);
      await page.goto(`${api.url}/console/login/acme#/gateways`);
      await page
        .getByText(/^Payment gateways are store administration: the role billing does not reach them/)
        .waitFor();
      await accessible(page, 'a role without store administration');
      expect(
        asked.filter((path) => path.includes('/gateways')),
        'gateway reads',
      ).to.deep.equal([]);
      // The store page's key and realm reads are store administration too: the role's 403s, and no other.
      await refusesNothing(watch, [/status of 403 \(Forbidden\)/]);
    });
  },
);
