import { expect } from 'chai';
import { epccContract } from '../../../support/epcc-contract.js';
import { PLAN_ATTRIBUTES } from '../../../support/subscription-builders.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

/** An answer's resource, read loosely: `call` holds every answer to EPCC's schema for its operation. */
type Resource = any;

const V2025 = '/generations/2025/v2/subscriptions';
const ACCOUNT = '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60';
const OTHER_ACCOUNT = '5b0c1a2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const CHANGED = 'subscription-subscriber.entitlements_changed';

/**
 * Entitlements over a real socket on the 2025 wire: a subscriber's `meta.feature_entitlements` follow its
 * account's subscriptions, and the entitlements key is written once per change that moves a subscription's grant.
 */
describe("HTTP: a 2025 subscriber's entitlements", () => {
  let api: TestApi;
  let offeringId: string;
  let beans: string;
  let mugs: string;
  let monthly: string;
  let integrationId: string;

  const call = async (operationId: string | undefined, method: string, path: string, data?: unknown) => {
    const response = await api.request(path, { ...(data === undefined ? {} : jsonBody({ data })), method });
    const text = await response.text();
    if (operationId !== undefined) {
      const problems = epccContract().problemsAs(operationId, {
        method,
        path,
        status: response.status,
        header: (name) => response.headers.get(name),
        body: text,
      });
      expect(problems, problems).to.equal(undefined);
    }
    expect(response.status, text).to.be.below(300);
    return text === '' ? undefined : (JSON.parse(text) as Resource);
  };

  const subscriptionData = (plan: string, account = ACCOUNT) => ({
    account_id: account,
    offering_id: offeringId,
    plan_id: plan,
    pricing_option_id: monthly,
    currency: 'USD',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    payment_authority: { type: 'elastic_path_payments_stripe', customer_id: 'cus_1', card_id: 'card_1' },
  });

  const subscribe = async (plan: string, account = ACCOUNT) =>
    (await call('CreateSubscription', 'POST', `${V2025}/subscriptions`, subscriptionData(plan, account)))
      .data as Resource;

  const subscriber = async (account = ACCOUNT) =>
    (
      await call('CreateSubscriber', 'POST', `${V2025}/subscribers`, {
        type: 'subscription_subscriber',
        attributes: { account_id: account, name: 'Ada Lovelace', email: 'ada@example.com' },
      })
    ).data as Resource;

  const entitlementsOf = async (id: string): Promise<string[]> =>
    (await call('GetSubscriber', 'GET', `${V2025}/subscribers/${id}`)).data.meta.feature_entitlements;

  const act = (id: string, attributes: Record<string, unknown>) =>
    call('CreateSubscriptionState', 'POST', `${V2025}/subscriptions/${id}/states`, {
      type: 'subscription_state',
      attributes,
    });

  const fired = async (): Promise<string[]> =>
    (await call(undefined, 'GET', `/v2/integrations/${integrationId}/jobs`)).data.map((j: Resource) => j.triggered_by);

  beforeEach(async () => {
    api = await startTestApi();
    const offering = (
      await call('BuildOffering', 'POST', `${V2025}/offerings/build`, {
        name: 'Coffee club',
        features: [
          { name: 'Digital library', external_ref: 'library', configuration: { type: 'access', tag: 'library' } },
          {
            name: 'Seats',
            external_ref: 'seats',
            configuration: { type: 'usage', tag: 'seats', label: 'Seats', default_value: 1 },
          },
        ],
        plans: [
          { name: 'Beans', external_ref: 'beans', price: { USD: { amount: 1999 } } },
          { name: 'Mugs', external_ref: 'mugs', price: { USD: { amount: 500 } } },
        ],
        pricing_options: [{ ...PLAN_ATTRIBUTES, name: 'Monthly', external_ref: 'monthly', base_price_percentage: 5 }],
        configured_features: {
          beans: { library: { type: 'access' }, seats: { type: 'usage', default_value: 5 } },
          mugs: { seats: { type: 'usage', default_value: 2 } },
        },
      })
    ).data as Resource;
    offeringId = offering.id;
    [beans, mugs] = offering.relationships.plans.data.map((r: Resource) => r.id);
    [monthly] = offering.relationships.pricing_options.data.map((r: Resource) => r.id);
    integrationId = (
      await call(undefined, 'POST', '/v2/integrations', {
        type: 'integration',
        name: 'Entitlements',
        integration_type: 'webhook',
        observes: [CHANGED],
        configuration: { url: 'https://hooks.example.com/entitlements' },
      })
    ).data.id;
  });
  afterEach(async () => api.close());

  it("are the tags of the plans of its account's subscriptions while they entitle, each once", async () => {
    const ada = await subscriber();
    expect(ada.meta.feature_entitlements, 'no subscription yet').to.deep.equal([]);
    const mugsOnly = await subscribe(mugs);
    expect(await entitlementsOf(ada.id)).to.deep.equal(['seats']);
    const withBeans = await subscribe(beans);
    expect(await entitlementsOf(ada.id), 'seats granted by both, once').to.deep.equal(['library', 'seats']);

    await act(withBeans.id, { action: 'pause' });
    expect(await entitlementsOf(ada.id), 'paused: the other still grants seats').to.deep.equal(['seats']);
    await act(withBeans.id, { action: 'resume' });
    expect(await entitlementsOf(ada.id)).to.deep.equal(['library', 'seats']);
    await act(mugsOnly.id, { action: 'cancel', cancel_immediately: true });
    expect(await entitlementsOf(ada.id), 'ended now: beans still grants seats').to.deep.equal(['library', 'seats']);
    await act(withBeans.id, { action: 'cancel', cancel_immediately: true });
    expect(await entitlementsOf(ada.id)).to.deep.equal([]);

    expect(await fired(), 'made (2), paused, resumed, ended (2): once each').to.deep.equal(Array(6).fill(CHANGED));
  });

  it("lists each subscriber with its own account's entitlements", async () => {
    const ada = await subscriber();
    const grace = await subscriber(OTHER_ACCOUNT);
    const nobody = await subscriber('9c8b7a6d-5e4f-4321-8fed-cba987654321');
    await subscribe(beans);
    await subscribe(mugs, OTHER_ACCOUNT);
    const page = await call('ListSubscribers', 'GET', `${V2025}/subscribers`);
    const byId = new Map(page.data.map((s: Resource) => [s.id, s.meta.feature_entitlements]));
    expect(Object.fromEntries(byId)).to.deep.equal({
      [ada.id]: ['library', 'seats'],
      [grace.id]: ['seats'],
      [nobody.id]: [],
    });
    const updated = await call('UpdateSubscriber', 'PUT', `${V2025}/subscribers/${ada.id}`, {
      type: 'subscription_subscriber',
      attributes: { name: 'Ada King' },
    });
    expect(updated.data.meta.feature_entitlements).to.deep.equal(['library', 'seats']);
  });

  it('starts when a pending subscription goes live, and fires nothing for a change that moves no tag', async () => {
    const ada = await subscriber();
    const pending = (
      await call('CreateSubscription', 'POST', `${V2025}/subscriptions`, {
        ...subscriptionData(beans),
        pending: true,
      })
    ).data as Resource;
    expect(await entitlementsOf(ada.id)).to.deep.equal([]);
    expect(await fired(), 'made pending: nothing granted').to.deep.equal([]);
    await call('UpdateSubscription', 'PUT', `${V2025}/subscriptions/${pending.id}`, {
      id: pending.id,
      type: 'subscription',
      attributes: { name: 'Ada King' },
    });
    expect(await fired(), 'renamed').to.deep.equal([]);
    await act(pending.id, { action: 'go_live' });
    expect(await entitlementsOf(ada.id)).to.deep.equal(['library', 'seats']);
    expect(await fired()).to.deep.equal([CHANGED]);
    await act(pending.id, { action: 'cancel', cancel_immediately: true });
    expect(await entitlementsOf(ada.id)).to.deep.equal([]);
    expect(await fired()).to.deep.equal([CHANGED, CHANGED]);
  });

  it('moves with a plan switch, and with nothing else an update changes', async () => {
    const ada = await subscriber();
    const made = await subscribe(beans);
    const update = (attributes: Record<string, unknown>) =>
      call('UpdateSubscription', 'PUT', `${V2025}/subscriptions/${made.id}`, {
        id: made.id,
        type: 'subscription',
        attributes,
      });
    await update({ name: 'Ada King' });
    expect(await fired(), 'made, then renamed').to.deep.equal([CHANGED]);
    await update({ plan_id: mugs });
    expect(await entitlementsOf(ada.id), 'switched to mugs').to.deep.equal(['seats']);
    expect(await fired()).to.deep.equal([CHANGED, CHANGED]);
  });
});
