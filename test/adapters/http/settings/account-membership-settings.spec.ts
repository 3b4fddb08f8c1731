import { expect } from 'chai';
import { errorBody } from '../../../support/error-body.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

const PATH = '/v2/settings/account-membership';
const TYPE = 'account_membership_setting';
type SettingsDoc = { data: Record<string, unknown> };

describe('HTTP: account-membership settings', () => {
  let api: TestApi;
  const put = (data: unknown, init: RequestInit & { token?: string } = {}) =>
    api.request(PATH, { ...jsonBody({ data }), method: 'PUT', ...init });
  const current = async () => ((await (await api.request(PATH)).json()) as SettingsDoc).data;

  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  it('answers the default limit of 10,000 before any change', async () => {
    const response = await api.request(PATH);
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ data: { type: TYPE, membership_limit: 10_000 } });
  });

  it('changes the limit, keeps it when a change leaves it out, and leaves the cart settings alone', async () => {
    const changed = await put({ type: TYPE, membership_limit: 3 });
    expect(changed.status).to.equal(200);
    expect(await changed.json()).to.deep.equal({ data: { type: TYPE, membership_limit: 3 } });
    expect(await current()).to.deep.equal({ type: TYPE, membership_limit: 3 });
    const unchanged = await put({ type: TYPE });
    expect(unchanged.status).to.equal(200);
    expect(((await unchanged.json()) as SettingsDoc).data).to.deep.equal({ type: TYPE, membership_limit: 3 });
    expect((await put({ type: TYPE, membership_limit: 10_000 })).status).to.equal(200);
    expect(await current()).to.deep.equal({ type: TYPE, membership_limit: 10_000 });
    expect((await put({ type: TYPE, membership_limit: 1 })).status).to.equal(200);
    expect(await current()).to.deep.equal({ type: TYPE, membership_limit: 1 });
    expect(((await (await api.request('/v2/settings/cart')).json()) as SettingsDoc).data['cart_expiry_days']).to.equal(
      7,
    );
  });

  it('answers 400 naming every bad field, and changes nothing', async () => {
    const response = await put({ type: 'settings', membership_limit: 10_001 });
    expect(response.status).to.equal(400);
    expect((await errorBody(response)).errors.map((e) => [e['source'], e['code']])).to.deep.equal([
      ['data.type', 'invalid_value'],
      ['data.membership_limit', 'invalid_value'],
    ]);
    const zero = await put({ type: TYPE, membership_limit: 0 });
    expect((await errorBody(zero)).errors[0]).to.include({
      source: 'data.membership_limit',
      detail: 'data.membership_limit must be between 1 and 10000',
    });
    for (const bad of ['5', 2.5, null]) {
      const refused = await put({ type: TYPE, membership_limit: bad });
      expect(refused.status).to.equal(400);
      expect((await errorBody(refused)).errors.map((e) => e['source'])).to.deep.equal(['data.membership_limit']);
    }
    const untyped = await put({ membership_limit: 5 });
    expect((await errorBody(untyped)).errors.map((e) => e['source'])).to.deep.equal(['data.type']);
    expect((await current())['membership_limit']).to.equal(10_000);
  });

  it('answers at EPCC’s singular path and at the plural of 0.1 alike: a change through one reads back through the other', async () => {
    const PLURAL = '/v2/settings/account-memberships';
    const viaPlural = await api.request(PLURAL, {
      ...jsonBody({ data: { type: TYPE, membership_limit: 7 } }),
      method: 'PUT',
    });
    expect(viaPlural.status).to.equal(200);
    expect(await current()).to.deep.equal({ type: TYPE, membership_limit: 7 });
    expect((await put({ type: TYPE, membership_limit: 8 })).status).to.equal(200);
    expect(await (await api.request(PLURAL)).json()).to.deep.equal({ data: { type: TYPE, membership_limit: 8 } });
    const refused = await api.request(PLURAL, {
      ...jsonBody({ data: { type: TYPE, membership_limit: 0 } }),
      method: 'PUT',
    });
    expect(refused.status).to.equal(400);
    expect((await errorBody(refused)).errors.map((e) => e['source'])).to.deep.equal(['data.membership_limit']);
    expect(await current()).to.deep.equal({ type: TYPE, membership_limit: 8 });
  });

  it('is store administration: an implicit token gets 403 on reads and writes', async () => {
    const implicit = await api.token('implicit');
    for (const response of [
      await api.request(PATH, { token: implicit }),
      await put({ type: TYPE, membership_limit: 2 }, { token: implicit }),
    ]) {
      expect(response.status).to.equal(403);
      expect((await errorBody(response)).errors[0]).to.include({ code: 'token_not_permitted' });
    }
    expect((await current())['membership_limit']).to.equal(10_000);
  });
});
