import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { ACCOUNT_TOKENS } from '../../../../src/application/account-tokens.js';
import { TOKENS } from '../../../../src/application/tokens.js';
import { CreateStore } from '../../../../src/application/use-cases/stores/create-store.js';
import { aMembership } from '../../../support/account-builders.js';
import { errorBody } from '../../../support/error-body.js';
import { anAccountOf, aShopper, type Shopper, shopperHeaders } from '../../../support/shoppers.js';
import { planData, productData, subscriptionData } from '../../../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Resource = any;

const WIRES = [
  { generation: '2024', prefix: '/v2/subscriptions' },
  { generation: '2025', prefix: '/generations/2025/v2/subscriptions' },
] as const;

describe('HTTP: a shopper (implicit token + EP-Account-Management-Authentication-Token)', () => {
  let api: TestApi;
  let implicit: string;
  let offeringId: string;
  let planId: string;
  let ada: Shopper;
  let bob: Shopper;

  const post = async (path: string, data: unknown) => {
    const response = await api.request(path, { ...jsonBody({ data }), method: 'POST' });
    expect(response.status, await response.clone().text()).to.equal(201);
    return ((await response.json()) as Resource).data;
  };
  const subscribeFor = (shopper: Shopper) =>
    post('/v2/subscriptions/subscriptions', subscriptionData(offeringId, planId, { account_id: shopper.accountId }));
  /** A storefront's call as `shopper`, or with the implicit token alone when `shopper` is null. */
  const asShopper = (shopper: Shopper | null, path: string, init: RequestInit = {}) =>
    api.request(path, {
      ...init,
      token: implicit,
      headers: { ...(shopper === null ? {} : shopperHeaders(shopper)), ...(init.headers as Record<string, string>) },
    });
  const stateChange = (action: string, extra: Record<string, unknown> = {}) =>
    jsonBody({ data: { type: 'subscription_state', attributes: { action, ...extra } } });

  beforeEach(async () => {
    api = await startTestApi();
    implicit = await api.token('implicit');
    const product = await post('/v2/subscriptions/products', productData());
    const plan = await post('/v2/subscriptions/plans', planData());
    const offering = await post('/v2/subscriptions/offerings/build', {
      name: 'Coffee club',
      products: [product.id],
      plans: [plan.id],
    });
    offeringId = offering.id;
    planId = offering.relationships.plans.data[0].id;
    ada = await aShopper(api.container, api.store.store.id);
    bob = await aShopper(api.container, api.store.store.id);
  });
  afterEach(async () => api.close());

  for (const { generation, prefix } of WIRES) {
    describe(`on the ${generation} wire`, () => {
      it("lists and reads its own account's subscriptions only, with include; another account's is a 404", async () => {
        const own = [await subscribeFor(ada), await subscribeFor(ada)];
        const theirs = await subscribeFor(bob);
        const include = generation === '2024' ? 'plans,products' : 'plans,pricing_options';
        const listed = await asShopper(ada, `${prefix}/subscriptions?include=${include}`);
        expect(listed.status, await listed.clone().text()).to.equal(200);
        const list = (await listed.json()) as Resource;
        expect(list.data.map((s: Resource) => s.id).sort()).to.deep.equal(own.map((s) => s.id).sort());
        expect(list.included, 'the plans of its own subscriptions').to.not.equal(undefined);
        // A client filter on another account joins the shopper's reach: nothing.
        const filtered = await asShopper(ada, `${prefix}/subscriptions?filter=eq(account_id,${bob.accountId})`);
        expect(((await filtered.json()) as Resource).data).to.deep.equal([]);
        expect((await asShopper(ada, `${prefix}/subscriptions/${own[0].id}?include=${include}`)).status).to.equal(200);
        const hidden = await asShopper(ada, `${prefix}/subscriptions/${theirs.id}`);
        expect(hidden.status).to.equal(404);
        expect((await errorBody(hidden)).errors[0]).to.include({ code: 'not_found' });
        for (const sub of generation === '2024'
          ? ['plans', 'products', 'states']
          : ['plans', 'pricing-options', 'features']) {
          expect((await asShopper(ada, `${prefix}/subscriptions/${own[0].id}/${sub}`)).status, sub).to.equal(200);
          expect((await asShopper(ada, `${prefix}/subscriptions/${theirs.id}/${sub}`)).status, sub).to.equal(404);
        }
      });

      it("reads its own subscriptions' invoices and their payments, never another account's", async () => {
        const own = await subscribeFor(ada);
        const theirs = await subscribeFor(bob);
        const invoices = async (shopper: Shopper, path: string) =>
          ((await (await asShopper(shopper, path)).json()) as Resource).data as Resource[];
        const mine = await invoices(ada, `${prefix}/invoices`);
        const bobs = await invoices(bob, `${prefix}/invoices`);
        expect(mine.length, 'a live subscription is invoiced when made').to.be.greaterThan(0);
        expect(mine.map((i) => i.id)).to.not.include.members(bobs.map((i) => i.id));
        const merchant = (await (await api.request(`${prefix}/invoices`)).json()) as Resource;
        expect(merchant.data.length).to.equal(mine.length + bobs.length);
        expect((await invoices(ada, `${prefix}/subscriptions/${own.id}/invoices`)).map((i) => i.id)).to.deep.equal(
          mine.map((i) => i.id),
        );
        expect((await asShopper(ada, `${prefix}/subscriptions/${theirs.id}/invoices`)).status).to.equal(404);
        expect((await asShopper(ada, `${prefix}/invoices/${mine[0].id}`)).status).to.equal(200);
        expect((await asShopper(ada, `${prefix}/invoices/${bobs[0].id}`)).status).to.equal(404);
        if (generation === '2024') {
          expect((await asShopper(ada, `${prefix}/invoices/${mine[0].id}/payments`)).status).to.equal(200);
          expect((await asShopper(ada, `${prefix}/invoices/${bobs[0].id}/payments`)).status).to.equal(404);
        }
      });

      it("cancels its own subscription, and cannot touch another account's", async () => {
        const own = await subscribeFor(ada);
        const theirs = await subscribeFor(bob);
        const other = await asShopper(ada, `${prefix}/subscriptions/${theirs.id}/states`, {
          ...stateChange('cancel'),
          method: 'POST',
        });
        expect(other.status).to.equal(404);
        const history = (await (
          await api.request(`/v2/subscriptions/subscriptions/${theirs.id}/states`)
        ).json()) as Resource;
        expect(
          history.data.map((st: Resource) => st.attributes.action),
          'untouched',
        ).to.not.include('cancel');
        const canceled = await asShopper(ada, `${prefix}/subscriptions/${own.id}/states`, {
          ...stateChange('cancel'),
          method: 'POST',
        });
        expect(canceled.status, await canceled.clone().text()).to.equal(204);
        const states = (await (
          await asShopper(ada, `/v2/subscriptions/subscriptions/${own.id}/states`)
        ).json()) as Resource;
        expect(states.data.map((s: Resource) => s.attributes.action)).to.include('cancel');
      });
    });
  }

  it("pauses and resumes as the plan allows, its pause marked as the subscriber's; never go_live, pending or cancel_immediately", async () => {
    const own = await subscribeFor(ada);
    const path = `/v2/subscriptions/subscriptions/${own.id}/states`;
    const act = (action: string, extra: Record<string, unknown> = {}) =>
      asShopper(ada, path, { ...stateChange(action, extra), method: 'POST' });
    expect((await act('pause')).status).to.equal(204);
    const paused = (await (
      await api.request(`/generations/2025/v2/subscriptions/subscriptions/${own.id}`)
    ).json()) as Resource;
    expect(JSON.stringify(paused.data)).to.contain('"paused_by":"subscriber"');
    expect((await act('resume')).status).to.equal(204);
    for (const [action, extra] of [
      ['go_live', {}],
      ['pending', {}],
      ['cancel', { cancel_immediately: true }],
    ] as const) {
      const refused =
        action === 'cancel'
          ? await asShopper(ada, `/generations/2025${path}`, { ...stateChange(action, extra), method: 'POST' })
          : await act(action, extra);
      expect(refused.status, action).to.equal(403);
      expect((await errorBody(refused)).errors[0]).to.include({ code: 'token_not_permitted' });
    }
  });

  it('is 403 with the implicit token alone, 401 with an unknown, expired or foreign member token, and 403 on every other write', async () => {
    const own = await subscribeFor(ada);
    const alone = await asShopper(null, '/v2/subscriptions/subscriptions');
    expect(alone.status).to.equal(403);
    expect((await errorBody(alone)).errors[0]).to.include({ code: 'token_not_permitted' });
    const unknown = await asShopper({ ...ada, token: 'f'.repeat(64) }, '/v2/subscriptions/subscriptions');
    expect(unknown.status).to.equal(401);
    expect((await errorBody(unknown)).errors[0]).to.include({
      code: 'unauthenticated',
      detail: 'the account management authentication token is invalid or has expired',
    });
    const secrets = api.container.get(TOKENS.Secrets);
    await api.container.get(TOKENS.AccountMemberTokenRepository).insert({
      tokenHash: secrets.hash('expired-member-token'),
      storeId: ada.storeId,
      accountId: ada.accountId,
      accountMemberId: ada.accountMemberId,
      createdAt: new Date(Date.now() - 86_400_001),
      expiresAt: new Date(Date.now() - 1),
    });
    const expired = await asShopper({ ...ada, token: 'expired-member-token' }, '/v2/subscriptions/subscriptions');
    expect(expired.status).to.equal(401);
    for (const [method, path, body] of [
      ['PUT', `/v2/subscriptions/subscriptions/${own.id}`, jsonBody({ data: { type: 'subscription', name: 'x' } })],
      ['DELETE', `/v2/subscriptions/subscriptions/${own.id}`, {}],
      ['POST', '/v2/subscriptions/subscriptions', jsonBody({ data: subscriptionData(offeringId, planId) })],
      ['GET', '/v2/subscriptions/subscribers', {}],
      ['GET', '/v2/subscriptions/jobs', {}],
    ] as const) {
      const refused = await asShopper(ada, path, { ...body, method });
      expect(refused.status, `${method} ${path}`).to.equal(403);
    }
    // The catalogue stays readable whatever the header holds.
    expect((await asShopper({ ...ada, token: 'nope' }, '/v2/subscriptions/offerings')).status).to.equal(200);
  });

  it('refuses a member token of another store (401), and lets a client-credentials token ignore the header', async () => {
    const other = await api.container.get(CreateStore).execute('Other');
    if (E.isLeft(other)) throw new Error('store not created');
    const elsewhere = await aShopper(api.container, other.right.store.id);
    expect((await asShopper(elsewhere, '/v2/subscriptions/subscriptions')).status).to.equal(401);
    await subscribeFor(ada);
    await subscribeFor(bob);
    const merchant = await api.request('/v2/subscriptions/subscriptions', { headers: shopperHeaders(ada) });
    expect(((await merchant.json()) as Resource).data).to.have.length(2);
  });

  it("marks exactly the shopper's operations with x-shopper in each generation's API description", async () => {
    const marked = async (path: string) => {
      const doc = (await (await api.request(path, { token: null })).json()) as Resource;
      const found: string[] = [];
      for (const item of Object.values<Resource>(doc.paths))
        for (const operation of Object.values<Resource>(item))
          if (operation?.['x-shopper'] !== undefined) found.push(`${operation.operationId} ${operation['x-shopper']}`);
      return found.sort();
    };
    const invoiceReads = (list: string, get: string) => [
      `${list}Invoices read`,
      `${get}Invoice read`,
      `${list}SubscriptionInvoices read`,
      `${get}SubscriptionInvoice read`,
      'listInvoicePayments read',
      'getInvoicePayment read',
      'listSubscriptionInvoicePayments read',
      'getSubscriptionInvoicePayment read',
    ];
    const states = ['changeSubscriptionState own-state', 'listSubscriptionStates read', 'getSubscriptionState read'];
    const accounts = [
      'listAccounts read',
      'getAccount read',
      'getAccountMember read',
      'getUserAuthenticationInfo own-details',
      'updateUserAuthenticationInfo own-details',
      'listPasswordProfileInfos own-details',
      'getPasswordProfileInfo own-details',
      'updatePasswordProfileInfo own-details',
    ];
    expect(await marked('/v2/openapi.json')).to.deep.equal(
      [
        ...accounts,
        'listSubscriptions read',
        'getSubscription read',
        'listPlansOfSubscription read',
        'listProductsOfSubscription read',
        ...states,
        ...invoiceReads('list', 'get'),
      ].sort(),
    );
    expect(await marked('/generations/2025/v2/openapi.json')).to.deep.equal(
      [
        ...accounts,
        'ListSubscriptions read',
        'GetSubscription read',
        'ListSubscriptionPlans read',
        'GetSubscriptionPlan read',
        'ListSubscriptionPricingOptions read',
        'GetSubscriptionPricingOption read',
        'ListSubscriptionFeatures read',
        'GetSubscriptionFeature read',
        ...states,
        ...invoiceReads('List', 'Get'),
      ].sort(),
    );
  });

  it('reads the accounts its member belongs to and its own member record, nothing else', async () => {
    const second = await anAccountOf(api.container, ada.storeId);
    const memberships = api.container.get(ACCOUNT_TOKENS.AccountMembershipRepository);
    const member = await api.container
      .get(ACCOUNT_TOKENS.AccountMemberRepository)
      .findById(ada.storeId, ada.accountMemberId);
    await memberships.insert(aMembership(second, member!), 1000, []);
    const listed = await asShopper(ada, '/v2/accounts');
    expect(listed.status).to.equal(200);
    expect(((await listed.json()) as Resource).data.map((a: Resource) => a.id)).to.have.members([
      ada.accountId,
      second.id,
    ]);
    const merchant = (await (await api.request('/v2/accounts')).json()) as Resource;
    expect(merchant.data, "the merchant sees bob's too").to.have.length(3);
    expect((await asShopper(ada, `/v2/accounts/${second.id}`)).status).to.equal(200);
    expect((await asShopper(ada, `/v2/accounts/${bob.accountId}`)).status).to.equal(404);
    expect((await asShopper(ada, `/v2/account-members/${ada.accountMemberId}`)).status).to.equal(200);
    expect((await asShopper(ada, `/v2/account-members/${bob.accountMemberId}`)).status).to.equal(404);
    for (const path of ['/v2/account-members', `/v2/accounts/${ada.accountId}/account-memberships`])
      expect((await asShopper(ada, path)).status, path).to.equal(403);
  });

  it('stops a token once its member leaves the account', async () => {
    await subscribeFor(ada);
    expect((await asShopper(ada, '/v2/subscriptions/subscriptions')).status).to.equal(200);
    const memberships = api.container.get(ACCOUNT_TOKENS.AccountMembershipRepository);
    const membership = await memberships.find(ada.storeId, ada.accountId, ada.accountMemberId);
    await memberships.delete(ada.storeId, ada.accountId, membership!.id, []);
    expect((await asShopper(ada, '/v2/subscriptions/subscriptions')).status).to.equal(401);
  });
});
