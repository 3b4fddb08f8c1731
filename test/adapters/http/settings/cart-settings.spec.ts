import { expect } from 'chai';
import { errorBody } from '../../../support/error-body.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

const PATH = '/v2/settings/cart';
type CartDoc = { data: Record<string, unknown> };

describe('HTTP: cart settings', () => {
  let api: TestApi;
  const put = (data: unknown, init: RequestInit & { token?: string } = {}) =>
    api.request(PATH, { ...jsonBody({ data }), method: 'PUT', ...init });
  const current = async () => ((await (await api.request(PATH)).json()) as CartDoc).data;

  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  it('answers the defaults before any change: 7 days, no discounts of either kind, no snapshot date', async () => {
    const response = await api.request(PATH);
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({
      data: {
        type: 'settings',
        cart_expiry_days: 7,
        discounts: { custom_discounts_enabled: false, use_rule_promotions: false },
      },
    });
  });

  it('changes settings partially, keeps what is left out, and clears the snapshot date with null', async () => {
    const changed = await put({
      type: 'settings',
      cart_expiry_days: 365,
      discounts: { custom_discounts_enabled: true },
      snapshot_date: '2026-02-21T15:07:25Z',
    });
    expect(changed.status).to.equal(200);
    const expected = {
      type: 'settings',
      cart_expiry_days: 365,
      discounts: { custom_discounts_enabled: true, use_rule_promotions: false },
      snapshot_date: '2026-02-21T15:07:25Z',
    };
    expect(((await changed.json()) as CartDoc).data).to.deep.equal(expected);
    expect(await current()).to.deep.equal(expected);
    expect((await put({ type: 'settings', cart_expiry_days: 1 })).status).to.equal(200);
    expect(await current()).to.deep.equal({ ...expected, cart_expiry_days: 1 });
    expect((await put({ type: 'settings', snapshot_date: null })).status).to.equal(200);
    const { snapshot_date: _cleared, ...rest } = expected;
    expect(await current()).to.deep.equal({ ...rest, cart_expiry_days: 1 });
    // The page length of the other settings stays apart.
    expect(((await (await api.request('/v2/settings')).json()) as CartDoc).data['page_length']).to.equal(25);
  });

  it('answers 400 naming every bad field, and changes nothing', async () => {
    const response = await put({
      type: 'cart',
      cart_expiry_days: 366,
      discounts: { use_rule_promotions: 'yes' },
      snapshot_date: '2026-02-21',
    });
    expect(response.status).to.equal(400);
    expect((await errorBody(response)).errors.map((e) => [e['source'], e['code']])).to.deep.equal([
      ['data.type', 'invalid_value'],
      ['data.cart_expiry_days', 'invalid_value'],
      ['data.discounts.use_rule_promotions', 'invalid_value'],
      ['data.snapshot_date', 'invalid_value'],
    ]);
    const zero = await put({ type: 'settings', cart_expiry_days: 0 });
    expect((await errorBody(zero)).errors[0]).to.include({
      source: 'data.cart_expiry_days',
      detail: 'data.cart_expiry_days must be between 1 and 365',
    });
    expect((await current())['cart_expiry_days']).to.equal(7);
  });

  it('answers 422 discounts_exclusive when custom discounts and rule promotions would both be on, at once or one after the other', async () => {
    const both = await put({
      type: 'settings',
      cart_expiry_days: 10,
      discounts: { custom_discounts_enabled: true, use_rule_promotions: true },
    });
    expect(both.status).to.equal(422);
    expect((await errorBody(both)).errors[0]).to.include({
      code: 'discounts_exclusive',
      detail: 'Only one discount setting can be set to true at a time.',
    });
    expect((await current())['cart_expiry_days']).to.equal(7);
    expect((await put({ type: 'settings', discounts: { use_rule_promotions: true } })).status).to.equal(200);
    expect((await put({ type: 'settings', discounts: { custom_discounts_enabled: true } })).status).to.equal(422);
    const swapped = await put({
      type: 'settings',
      discounts: { custom_discounts_enabled: true, use_rule_promotions: false },
    });
    expect(swapped.status).to.equal(200);
    expect((await current())['discounts']).to.deep.equal({
      custom_discounts_enabled: true,
      use_rule_promotions: false,
    });
  });

  it('is store administration: an implicit token gets 403 on reads and writes', async () => {
    const implicit = await api.token('implicit');
    for (const response of [
      await api.request(PATH, { token: implicit }),
      await put({ type: 'settings', cart_expiry_days: 30 }, { token: implicit }),
    ]) {
      expect(response.status).to.equal(403);
      expect((await errorBody(response)).errors[0]).to.include({ code: 'token_not_permitted' });
    }
    expect((await current())['cart_expiry_days']).to.equal(7);
  });
});
