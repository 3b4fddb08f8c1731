import { expect } from 'chai';
import { errorBody } from '../../../support/error-body.js';
import { PLAN_ATTRIBUTES } from '../../../support/subscription-builders.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Resource = any;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/;
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('HTTP: accounts', () => {
  let api: TestApi;

  const send = (path: string, method: string, data?: unknown, token?: string) =>
    api.request(path, {
      ...(data === undefined ? {} : jsonBody({ data })),
      method,
      ...(token === undefined ? {} : { token }),
    });
  const made = async (data: Record<string, unknown>): Promise<Resource> => {
    const response = await send('/v2/accounts', 'POST', { type: 'account', ...data });
    expect(response.status, await response.clone().text()).to.equal(201);
    return ((await response.json()) as { data: Resource }).data;
  };
  const read = async (path: string): Promise<Resource> => {
    const response = await api.request(path);
    expect(response.status, path).to.equal(200);
    return response.json();
  };

  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  it("makes an account shaped as EPCC's: flat fields, null where unset, timestamps, links and entitlements", async () => {
    const account = await made({ name: 'Acme', legal_name: 'Acme Ltd', colour: 'ignored' });
    expect(account).to.deep.include({
      type: 'account',
      name: 'Acme',
      legal_name: 'Acme Ltd',
      registration_id: null,
      external_ref: null,
      parent_id: null,
      relationships: { ancestors: [] },
      links: { self: `${api.url}/v2/accounts/${account.id}` },
    });
    expect(account.meta.feature_entitlements).to.deep.equal([]);
    expect(account.meta.timestamps.created_at).to.match(TIMESTAMP);
    expect((await read(`/v2/accounts/${account.id}`)).data).to.deep.equal(account);
  });

  it('makes sub-accounts with their chain of ancestors, and keeps a parent while a sub-account names it', async () => {
    const root = await made({ name: 'Root' });
    const middle = await made({ name: 'Middle', parent_id: root.id });
    const leaf = await made({ name: 'Leaf', parent_id: middle.id });
    expect(leaf.parent_id).to.equal(middle.id);
    expect(leaf.relationships).to.deep.equal({
      parent: { data: { id: middle.id, type: 'account' } },
      ancestors: [{ data: { id: root.id, type: 'account' } }, { data: { id: middle.id, type: 'account' } }],
    });
    const orphan = await send('/v2/accounts', 'POST', { type: 'account', name: 'Orphan', parent_id: MISSING });
    expect(orphan.status).to.equal(404);
    expect((await errorBody(orphan)).errors[0]).to.deep.include({ detail: 'parent account not found' });
    const refused = await send(`/v2/accounts/${middle.id}`, 'DELETE');
    expect(refused.status).to.equal(409);
    expect((await errorBody(refused)).errors[0]).to.deep.include({ code: 'in_use' });
    const moved = await send(`/v2/accounts/${leaf.id}`, 'PUT', { type: 'account', parent_id: root.id, name: 'Leaf 2' });
    expect(moved.status).to.equal(200);
    expect(((await moved.json()) as { data: Resource }).data).to.deep.include({ name: 'Leaf 2', parent_id: middle.id });
    expect((await send(`/v2/accounts/${leaf.id}`, 'DELETE')).status).to.equal(204);
    expect((await send(`/v2/accounts/${middle.id}`, 'DELETE')).status).to.equal(204);
    expect((await api.request(`/v2/accounts/${middle.id}`)).status).to.equal(404);
  });

  it('answers 400 listing every problem of a body, and 409 for a registration id the store has', async () => {
    const bad = await send('/v2/accounts', 'POST', {
      type: 'account',
      legal_name: '',
      registration_id: 'r'.repeat(64),
      parent_id: 'nope',
    });
    expect(bad.status).to.equal(400);
    expect((await errorBody(bad)).errors.map((e) => e['source'])).to.deep.equal([
      'data.name',
      'data.legal_name',
      'data.registration_id',
      'data.parent_id',
    ]);
    const untyped = await send('/v2/accounts', 'POST', { type: 'customer', name: 'Acme' });
    expect((await errorBody(untyped)).errors.map((e) => [e['source'], e['detail']])).to.deep.equal([
      ['data.type', "data.type must be 'account'"],
    ]);
    await made({ name: 'First', registration_id: 'reg-1' });
    const clash = await send('/v2/accounts', 'POST', { type: 'account', name: 'Second', registration_id: 'reg-1' });
    expect(clash.status).to.equal(409);
    expect((await errorBody(clash)).errors[0]).to.deep.include({ code: 'registration_id_taken' });
    expect((await read('/v2/accounts')).meta.results.total).to.equal(1);
  });

  it('updates partially: null clears an optional field, a required one stays', async () => {
    const account = await made({ name: 'Acme', legal_name: 'Acme Ltd', external_ref: 'ext' });
    const cleared = await send(`/v2/accounts/${account.id}`, 'PUT', { type: 'account', legal_name: null });
    expect(((await cleared.json()) as { data: Resource }).data).to.deep.include({
      name: 'Acme',
      legal_name: null,
      external_ref: 'ext',
    });
    const refused = await send(`/v2/accounts/${account.id}`, 'PUT', { type: 'account', name: null });
    expect(refused.status).to.equal(400);
    expect((await send(`/v2/accounts/not-a-uuid`, 'PUT', { type: 'account', name: 'x' })).status).to.equal(404);
  });

  it('lists newest first, filtered, with paging links; an unknown filter field is a 400', async () => {
    const swan = await made({ name: 'Swan', external_ref: 'bird' });
    const duck = await made({ name: 'Duck', external_ref: 'bird' });
    await made({ name: 'Swan' });
    const birds = await read('/v2/accounts?filter=eq(external_ref,bird)&page[limit]=1');
    expect(birds.data.map((a: Resource) => a.id)).to.deep.equal([duck.id]);
    expect(birds.meta).to.deep.include({ results: { total: 2, total_method: 'exact' } });
    expect(birds.links.next).to.include('page%5Boffset%5D=1');
    const swans = await read(`/v2/accounts?filter=eq(name,Swan):eq(id,${swan.id})`);
    expect(swans.data.map((a: Resource) => a.id)).to.deep.equal([swan.id]);
    const liked = await read('/v2/accounts?filter=like(name,*wa*)');
    expect(liked.data.map((a: Resource) => a.name)).to.deep.equal(['Swan', 'Swan']);
    const unknown = await api.request('/v2/accounts?filter=eq(colour,red)');
    expect(unknown.status).to.equal(400);
    expect((await errorBody(unknown)).errors[0]).to.deep.include({ title: 'Could not parse the supplied filter' });
  });

  it('is personal data: an implicit token reads nothing and writes nothing', async () => {
    const implicit = await api.token('implicit');
    expect((await send('/v2/accounts', 'GET', undefined, implicit)).status).to.equal(403);
    expect((await send('/v2/accounts', 'POST', { type: 'account', name: 'A' }, implicit)).status).to.equal(403);
    expect((await send('/v2/account-members', 'GET', undefined, implicit)).status).to.equal(403);
  });

  it('shows in meta.feature_entitlements what its subscriptions grant now, the same set as its subscriber', async () => {
    const V2025 = '/generations/2025/v2/subscriptions';
    const account = await made({ name: 'Coffee drinkers' });
    const other = await made({ name: 'Tea drinkers' });
    const built = await send(`${V2025}/offerings/build`, 'POST', {
      name: 'Coffee club',
      features: [
        { name: 'Digital library', external_ref: 'library', configuration: { type: 'access', tag: 'library' } },
      ],
      plans: [{ name: 'Beans', external_ref: 'beans', price: { USD: { amount: 1999 } } }],
      pricing_options: [{ ...PLAN_ATTRIBUTES, name: 'Monthly', external_ref: 'monthly', base_price_percentage: 5 }],
      configured_features: { beans: { library: { type: 'access' } } },
    });
    expect(built.status).to.equal(201);
    const offering = ((await built.json()) as { data: Resource }).data;
    const subscribed = await send(`${V2025}/subscriptions`, 'POST', {
      account_id: account.id,
      offering_id: offering.id,
      plan_id: offering.relationships.plans.data[0].id,
      pricing_option_id: offering.relationships.pricing_options.data[0].id,
      currency: 'USD',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      payment_authority: { type: 'elastic_path_payments_stripe', customer_id: 'cus_1', card_id: 'card_1' },
    });
    expect(subscribed.status, await subscribed.clone().text()).to.equal(201);
    const subscriber = await send(`${V2025}/subscribers`, 'POST', {
      type: 'subscription_subscriber',
      attributes: { account_id: account.id, name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    const subscriberTags = ((await subscriber.json()) as { data: Resource }).data.meta.feature_entitlements;
    expect(subscriberTags).to.deep.equal(['library']);
    expect((await read(`/v2/accounts/${account.id}`)).data.meta.feature_entitlements).to.deep.equal(subscriberTags);
    const page = await read('/v2/accounts');
    expect(page.data.map((a: Resource) => [a.id, a.meta.feature_entitlements])).to.deep.equal([
      [other.id, []],
      [account.id, ['library']],
    ]);
  });
});
