import {
  createShopperClient,
  createSubscriptionState,
  getSubscription,
  getV2Accounts,
  listSubscriptionInvoicePayments,
  listSubscriptionInvoices,
  listSubscriptions,
  postV2AccountMembersTokens,
} from '@epcc-sdk/sdks-shopper';
import { expect } from 'chai';
import { type BillingApi, startBillingApi } from '../support/billing-api.js';
import { billAndCollect, openShopperStore, type ShopperStore, subscribeAccount } from '../support/shopper-store.js';
import type { TestApi } from '../support/test-api.js';

/** The SDK's token store, as its own "in-memory adapter (useful for SSR/tests)" keeps it. */
const inMemory = () => {
  let token: string | undefined;
  return {
    get: () => token,
    set: (next?: string) => {
      token = next;
    },
  };
};

const OTHER_ACCOUNT = '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60';

/** The flows of the storefront in Node, as a storefront's server-side rendering makes them with EPCC's shopper SDK. */
describe("EPCC's shopper SDK (@epcc-sdk/sdks-shopper) in Node against the service", function () {
  this.timeout(180_000);
  let billing: BillingApi;
  let api: TestApi;
  let store: ShopperStore;
  let shopper: ReturnType<typeof createShopperClient>['client'];

  before(async () => {
    billing = await startBillingApi({ kind: 'memory' });
    api = billing.api;
    store = await openShopperStore(api);
    shopper = createShopperClient({ baseUrl: api.url }, { clientId: store.clientId, storage: inMemory() }).client;
  });
  after(async () => {
    await billing?.stop();
  });

  const signUp = async (name: string, email: string, password: string) => {
    const answer = await postV2AccountMembersTokens({
      client: shopper,
      body: {
        data: {
          type: 'account_management_authentication_token',
          authentication_mechanism: 'self_signup',
          password_profile_id: store.passwordProfileId,
          name,
          email,
          username: email,
          password,
        },
      },
    });
    expect(answer.error, JSON.stringify(answer.error)).to.equal(undefined);
    const [token] = answer.data?.data ?? [];
    return { token: token!.token!, accountId: token!.account_id!, memberId: answer.data?.meta?.account_member_id };
  };

  it('signs up, reads its own account, subscriptions, invoices and payments, and cancels', async () => {
    const ada = await signUp('Ada Lovelace', 'ada@example.com', 'analytical engine 1843');
    const bob = await signUp('Bob Babbage', 'bob@example.com', 'difference engine 1822');
    expect(ada.memberId).to.match(/^[0-9a-f-]{36}$/);
    const headers = { 'EP-Account-Management-Authentication-Token': ada.token };

    const accounts = await getV2Accounts({ client: shopper, headers });
    expect(accounts.data?.data?.map((a) => a.id)).to.deep.equal([ada.accountId]);
    expect(accounts.data?.data?.[0]?.name).to.equal('Ada Lovelace');

    const mine = await subscribeAccount(store, ada.accountId, 0);
    const bobs = await subscribeAccount(store, bob.accountId, 0);
    await subscribeAccount(store, OTHER_ACCOUNT, 1);
    await billAndCollect(store);

    const listed = await listSubscriptions({
      client: shopper,
      headers,
      query: { include: ['plans', 'pricing_options'] } as never,
    });
    expect(listed.error, JSON.stringify(listed.error)).to.equal(undefined);
    expect(listed.data?.data?.map((s) => s.id)).to.deep.equal([mine]);
    // What EPCC's storefront reads beside each subscription: its plan and its pricing option, by id.
    const included = listed.data?.included as { plans?: { id: string }[]; pricing_options?: { id: string }[] };
    const [subscription] = listed.data?.data ?? [];
    expect(included.plans?.map((p) => p.id)).to.include(subscription?.attributes?.plan_id);
    expect(included.pricing_options?.map((p) => p.id)).to.include(subscription?.attributes?.pricing_option_id);

    const invoices = await listSubscriptionInvoices({ client: shopper, headers, path: { subscription_uuid: mine } });
    expect(invoices.data?.data).to.have.length(1);
    const invoiceId = invoices.data!.data![0]!.id!;
    const payments = await listSubscriptionInvoicePayments({
      client: shopper,
      headers,
      path: { subscription_uuid: mine, invoice_uuid: invoiceId },
    });
    expect(payments.data?.data).to.have.length(1);

    // Bob's subscription is not Ada's to read, nor to cancel: as if it did not exist.
    const notMine = await getSubscription({ client: shopper, headers, path: { subscription_uuid: bobs } });
    expect(notMine.response.status).to.equal(404);
    const notMineToCancel = await createSubscriptionState({
      client: shopper,
      headers,
      path: { subscription_uuid: bobs },
      body: { data: { type: 'subscription_state', attributes: { action: 'cancel' } } },
    });
    expect(notMineToCancel.response.status).to.equal(404);

    const canceled = await createSubscriptionState({
      client: shopper,
      headers,
      path: { subscription_uuid: mine },
      body: { data: { type: 'subscription_state', attributes: { action: 'cancel' } } },
    });
    expect(canceled.error, JSON.stringify(canceled.error)).to.equal(undefined);
    const after = await getSubscription({ client: shopper, headers, path: { subscription_uuid: mine } });
    expect((after.data?.data?.meta as { canceled?: boolean } | undefined)?.canceled).to.equal(true);
    const bobsStill = await store.wire.ok('GET', `/subscriptions/${bobs}`);
    expect(bobsStill.data.meta.canceled).to.equal(false);
  });

  it('sees no subscription with the implicit token alone, and signs in again with the password', async () => {
    const alone = await listSubscriptions({ client: shopper });
    expect(alone.response.status).to.equal(403);

    const signedIn = await postV2AccountMembersTokens({
      client: shopper,
      body: {
        data: {
          type: 'account_management_authentication_token',
          authentication_mechanism: 'password',
          password_profile_id: store.passwordProfileId,
          username: 'ada@example.com',
          password: 'analytical engine 1843',
        },
      },
    });
    expect(signedIn.error, JSON.stringify(signedIn.error)).to.equal(undefined);
    expect(signedIn.data?.data?.[0]?.account_name).to.equal('Ada Lovelace');

    const wrong = await postV2AccountMembersTokens({
      client: shopper,
      body: {
        data: {
          type: 'account_management_authentication_token',
          authentication_mechanism: 'password',
          password_profile_id: store.passwordProfileId,
          username: 'ada@example.com',
          password: 'not it',
        },
      },
    });
    expect(wrong.response.status, JSON.stringify(wrong.error)).to.equal(401);
    expect(JSON.stringify(wrong.error)).not.to.include('not it');
  });
});
