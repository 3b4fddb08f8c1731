import { expect } from 'chai';
import { TOKENS } from '../../../../src/application/tokens.js';
import { errorBody } from '../../../support/error-body.js';
import { planData, productData, subscriptionData } from '../../../support/subscription-core.js';
import { StrictlyIncreasingClock } from '../../../support/system-fakes.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Doc = {
  data: Record<string, any> & { id: string };
  included?: Record<string, { id: string }[]>;
  meta?: any;
  links?: any;
};

describe('HTTP: subscriptions', () => {
  let api: TestApi;
  let offering: Doc['data'];
  let planId: string;

  const post = async (path: string, data: unknown, token?: string) =>
    api.request(path, { ...jsonBody({ data }), ...(token === undefined ? {} : { token }) });
  const json = async (response: Response) => (await response.json()) as Doc;
  const subscribe = async (fields: Record<string, unknown> = {}) =>
    json(await post('/v2/subscriptions/subscriptions', subscriptionData(offering.id, planId, fields)));

  beforeEach(async () => {
    // The list test expects creation order: each create gets a millisecond of its own.
    api = await startTestApi({
      configure: (container) => container.rebind(TOKENS.Clock).toConstantValue(new StrictlyIncreasingClock()),
    });
    const product = await json(
      await post('/v2/subscriptions/products', productData({ external_ref: 'beans', sku: 'B-1' })),
    );
    const plan = await json(await post('/subscriptions/plans', planData({ base_price_percentage: 10 })));
    const built = await post('/v2/subscriptions/offerings/build', {
      name: 'Coffee club',
      description: 'Monthly beans',
      products: [product.data.id],
      plans: [plan.data.id],
    });
    expect(built.status).to.equal(201);
    offering = (await json(built)).data;
    planId = offering['relationships'].plans.data[0].id;
  });
  afterEach(async () => api.close());

  it('answers every subscriptions route with and without /v2', async () => {
    for (const prefix of ['/v2', '']) {
      expect((await api.request(`${prefix}/subscriptions/offerings/${offering.id}`)).status, prefix).to.equal(200);
      expect((await api.request(`${prefix}/subscriptions/subscriptions`)).status, prefix).to.equal(200);
    }
  });

  it("prices an offering's plans from its products, less the base price percentage", async () => {
    const plans = await json(
      await api.request(`/v2/subscriptions/offerings/${offering.id}/plans`, {
        headers: { 'X-Moltin-Currency': 'EUR' },
      }),
    );
    const plan = (plans.data as unknown as Doc['data'][])[0]!;
    expect(plan['type']).to.equal('subscription_offering_plan');
    expect(plan['meta'].price).to.deep.equal({
      USD: { amount: 900, includes_tax: false },
      EUR: { amount: 810, includes_tax: false },
    });
    expect(plan['meta'].display_price).to.deep.equal({
      without_tax: { amount: 810, currency: 'EUR', formatted: '€8.10' },
      with_tax: { amount: 810, currency: 'EUR', formatted: '€8.10' },
    });
    expect(plans.meta.results.total).to.equal(1);
  });

  it("creates a subscription: the seed's resource with EPCC's meta flags", async () => {
    const response = await post(
      '/subscriptions/subscriptions',
      subscriptionData(offering.id, planId, {
        external_ref: 'ext-1',
        payment_authority: { type: 'platform_payments_processor', customer_id: 'cus_123' },
      }),
    );
    expect(response.status).to.equal(201);
    const { data } = await json(response);
    expect(data['type']).to.equal('subscription');
    expect(data['attributes']).to.deep.include({
      account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60',
      plan_id: planId,
      currency: 'USD',
      status: 'active',
      external_ref: 'ext-1',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    expect(data['attributes'].payment_authority).to.deep.equal({
      type: 'platform_payments_processor',
      customer_id: 'cus_123',
    });
    expect(data['attributes'].offering).to.deep.include({ id: offering.id, type: 'subscription_offering' });
    expect(data['attributes'].offering.meta.external_product_refs).to.deep.equal(['beans']);
    expect(data['meta']).to.deep.include({
      owner: 'store',
      status: 'active',
      canceled: false,
      paused: false,
      closed: false,
      pending: false,
      suspended: false,
      manual_payments: false,
    });
    expect(data['meta'].timestamps.created_at).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/);
  });

  it('lists every problem of a create body, with its source', async () => {
    const response = await post('/v2/subscriptions/subscriptions', {
      account_id: 'nope',
      offering_id: offering.id,
      currency: 'usd',
      name: 'Al',
      email: 'not-an-email',
    });
    expect(response.status).to.equal(400);
    const { errors } = (await response.json()) as { errors: { source: string }[] };
    expect(errors.map((e) => e.source)).to.deep.equal([
      'data.account_id',
      'data.plan_id',
      'data.currency',
      'data.name',
      'data.email',
      'data.payment_authority',
    ]);
  });

  it('pauses with 204, keeps it active, and answers 422 and 403 where the action does not apply', async () => {
    const { data } = await subscribe();
    const state = (action: string) =>
      post(`/v2/subscriptions/subscriptions/${data.id}/states`, { type: 'subscription_state', attributes: { action } });
    expect((await state('resume')).status).to.equal(422);
    const paused = await state('pause');
    expect(paused.status).to.equal(204);
    expect(await paused.text()).to.equal('');
    const read = await json(await api.request(`/subscriptions/subscriptions/${data.id}`));
    expect(read.data['meta']).to.deep.include({ status: 'active', paused: true });
    expect(read.data['attributes'].state.attributes).to.deep.equal({ action: 'pause' });
    expect(read.data['meta'].timestamps.paused_at).to.be.a('string');
    const history = await json(await api.request(`/v2/subscriptions/subscriptions/${data.id}/states`));
    expect(
      (history.data as unknown as { attributes: { action: string } }[]).map((s) => s.attributes.action),
    ).to.deep.equal(['pause']);
    expect(history.meta.page).to.deep.equal({ limit: 25, offset: 0, current: 1, total: 1 });
    expect(history.meta.results).to.deep.equal({
      total: (history.data as unknown as unknown[]).length,
      total_method: 'exact',
    });
    expect(history.links.first).to.match(/\/states\?page%5Boffset%5D=0&page%5Blimit%5D=25$/);
    const unknown = await state('stop');
    expect(unknown.status).to.equal(400);
  });

  it('cancels immediately with cancel_immediately (EPCC 2026): inactive and closed at once, its first invoice kept; the flag only with cancel', async () => {
    const { data } = await subscribe();
    const state = (attributes: Record<string, unknown>) =>
      post(`/v2/subscriptions/subscriptions/${data.id}/states`, { type: 'subscription_state', attributes });
    const refused = await state({ action: 'pause', cancel_immediately: true });
    expect(refused.status).to.equal(400);
    expect(((await refused.json()) as { errors: { source: string }[] }).errors.map((e) => e.source)).to.deep.equal([
      'data.attributes.cancel_immediately',
    ]);
    const invoicesBefore = await json(await api.request(`/v2/subscriptions/subscriptions/${data.id}/invoices`));
    expect((await state({ action: 'cancel', cancel_immediately: true })).status).to.equal(204);
    const read = await json(await api.request(`/v2/subscriptions/subscriptions/${data.id}`));
    expect(read.data['meta']).to.deep.include({ status: 'inactive', canceled: true, closed: true });
    expect(read.data['meta'].timestamps.end_date).to.equal(read.data['meta'].timestamps.canceled_at);
    const invoicesAfter = await json(await api.request(`/v2/subscriptions/subscriptions/${data.id}/invoices`));
    expect(invoicesAfter.data).to.deep.equal(invoicesBefore.data);
    expect((await state({ action: 'resume' })).status).to.equal(422);
  });

  it('answers 403 when the plan does not let subscribers act', async () => {
    const plan = await json(await post('/subscriptions/plans', planData({ can_cancel: false })));
    const attached = await post(`/subscriptions/offerings/${offering.id}/plans/attach`, { plans: [plan.data.id] });
    expect(attached.status).to.equal(200);
    const copies = (await attached.json()) as {
      data: { id: string; relationships: { origin: { data: { id: string } } } }[];
    };
    const strict = copies.data.find((p) => p.relationships.origin.data.id === plan.data.id)!;
    const { data } = await subscribe({ plan_id: strict.id });
    const cancel = await post(`/v2/subscriptions/subscriptions/${data.id}/states`, {
      type: 'subscription_state',
      attributes: { action: 'cancel' },
    });
    expect(cancel.status).to.equal(403);
  });

  it('lists newest first, filters with the EPCC grammar, includes each related record once', async () => {
    const first = await subscribe({ email: 'a+b@x.com' });
    const second = await subscribe({ email: 'zoe@x.com', name: 'Zoë van Dijk' });
    await subscribe({ email: 'other@x.com', account_id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' });
    const all = await json(await api.request('/v2/subscriptions/subscriptions?include=plans,products&page[limit]=2'));
    expect((all.data as unknown as { id: string }[]).length).to.equal(2);
    expect(all.included?.['plans']?.map((p) => p.id)).to.deep.equal([planId]);
    expect(all.included?.['products']).to.have.length(1);
    expect(all.meta).to.deep.equal({
      page: { limit: 2, offset: 0, current: 1, total: 2 },
      results: { total: 3, total_method: 'exact' },
    });
    expect(all.links.next).to.match(/\?include=plans%2Cproducts&page%5Boffset%5D=2&page%5Blimit%5D=2$/);

    const ids = async (query: string) =>
      (
        (await json(await api.request(`/v2/subscriptions/subscriptions?${query}`))).data as unknown as { id: string }[]
      ).map((s) => s.id);
    // An unencoded + arrives as a space, as in EPCC: only %2B is a literal plus.
    expect(await ids('filter=eq(email,a+b@x.com)')).to.deep.equal([]);
    expect(await ids('filter=eq(email,a%2Bb@x.com)')).to.deep.equal([first.data.id]);
    expect(await ids('filter=eq(name,Zo%C3%AB+van+Dijk)')).to.deep.equal([second.data.id]);
    expect(
      await ids(`filter=${encodeURIComponent('in(email,"a+b@x.com","zoe@x.com"):eq(name,Zoë van Dijk)')}`),
    ).to.deep.equal([second.data.id]);
    expect(await ids(`filter=${encodeURIComponent('in(email,"a+b@x.com",zoe@x.com)')}`)).to.deep.equal([
      second.data.id,
      first.data.id,
    ]);
    const withoutInclude = await json(await api.request('/v2/subscriptions/subscriptions'));
    expect(withoutInclude).not.to.have.property('included');
    const empty = await json(
      await api.request('/v2/subscriptions/subscriptions?include=plans&filter=eq(email,nobody@x.com)'),
    );
    expect(empty.included).to.deep.equal({ plans: [] });
    expect(empty.meta.results.total).to.equal(0);
  });

  it('answers bad list parameters with 400s that say what and where', async () => {
    const response = await api.request(
      '/v2/subscriptions/subscriptions?filter=eq(status,active)&include=offers&page[offset]=10001',
    );
    expect(response.status).to.equal(400);
    const { errors } = await errorBody(response);
    expect(errors).to.deep.equal([
      {
        status: '400',
        title: 'Bad Request',
        code: 'invalid_value',
        detail: 'page[offset] must be an integer between 0 and 10000',
        source: 'page[offset]',
      },
      {
        status: '400',
        title: 'Could not parse the supplied filter',
        code: 'invalid_filter',
        detail: "unknown field 'status' at position 4; allowed: account_id, email, external_ref, name",
        source: 'filter',
      },
      {
        status: '400',
        title: 'Bad Request',
        code: 'invalid_value',
        detail: "include unknown include 'offers'; allowed: plans, products",
        source: 'include',
      },
    ]);
  });

  it('gets one subscription with its includes; 404 for unknown and malformed ids', async () => {
    const { data } = await subscribe();
    const one = await json(await api.request(`/v2/subscriptions/subscriptions/${data.id}?include=products`));
    expect(one.included?.['products']).to.have.length(1);
    expect(one.included).not.to.have.property('plans');
    for (const id of ['nope', '11111111-1111-4111-8111-111111111111']) {
      expect((await api.request(`/v2/subscriptions/subscriptions/${id}`)).status).to.equal(404);
    }
  });

  it('lets implicit tokens read the catalogue and nothing else: no subscriber data, no writes', async () => {
    const implicit = await api.token('implicit');
    const subscription = (await subscribe()).data;
    const [product] = (await json(await api.request('/v2/subscriptions/products'))).data as unknown as Doc['data'][];
    const [plan] = (await json(await api.request('/v2/subscriptions/plans'))).data as unknown as Doc['data'][];
    const catalogue = [
      '/v2/subscriptions/products',
      `/v2/subscriptions/products/${product!.id}`,
      '/v2/subscriptions/plans',
      `/v2/subscriptions/plans/${plan!.id}`,
      '/v2/subscriptions/offerings',
      `/v2/subscriptions/offerings/${offering.id}`,
      `/v2/subscriptions/offerings/${offering.id}/plans`,
      `/v2/subscriptions/offerings/${offering.id}/products`,
    ];
    const personal = [
      '/v2/subscriptions/subscriptions',
      `/v2/subscriptions/subscriptions/${subscription.id}`,
      `/v2/subscriptions/subscriptions/${subscription.id}/states`,
      `/subscriptions/subscriptions?filter=eq(email,ada@example.com)`,
    ];
    for (const path of catalogue) expect((await api.request(path, { token: implicit })).status, path).to.equal(200);
    for (const path of personal) {
      const response = await api.request(path, { token: implicit });
      expect(response.status, path).to.equal(403);
      expect(await response.text(), path).not.to.include('ada@example.com');
    }
    expect((await post('/v2/subscriptions/products', productData(), implicit)).status).to.equal(403);
    expect(
      (await post('/v2/subscriptions/subscriptions', subscriptionData(offering.id, planId), implicit)).status,
    ).to.equal(403);
  });

  it('manages products: partial update, list filtered on external_ref, and 409 on delete while an offering holds it', async () => {
    const products = await json(await api.request('/v2/subscriptions/products?filter=eq(external_ref,beans)'));
    const product = (products.data as unknown as Doc['data'][])[0]!;
    const updated = await api.request(`/v2/subscriptions/products/${product.id}`, {
      ...jsonBody({
        data: { id: product.id, type: 'subscription_product', attributes: { name: 'Better beans', sku: null } },
      }),
      method: 'PUT',
    });
    expect(updated.status).to.equal(200);
    expect((await json(updated)).data['attributes'])
      .to.deep.include({ name: 'Better beans', external_ref: 'beans' })
      .and.not.have.property('sku');
    const refused = await api.request(`/v2/subscriptions/products/${product.id}`, { method: 'DELETE' });
    expect(refused.status).to.equal(409);
    const offeringCopy = await json(await api.request(`/v2/subscriptions/offerings/${offering.id}/products`));
    expect((offeringCopy.data as unknown as Doc['data'][])[0]!['attributes'].name).to.equal('Coffee beans');
    expect((await api.request(`/v2/subscriptions/offerings/${offering.id}`, { method: 'DELETE' })).status).to.equal(
      204,
    );
    expect((await api.request(`/v2/subscriptions/products/${product.id}`, { method: 'DELETE' })).status).to.equal(204);
  });

  it('refuses catalogue bodies that break the limits, listing each', async () => {
    const response = await post('/v2/subscriptions/products', {
      type: 'subscription_product',
      attributes: {
        name: 'ab',
        main_image: 'not a uri',
        price: { usd: { amount: 1 } },
        price_units: { unit: 'year', amount: 0 },
      },
    });
    expect(response.status).to.equal(400);
    const { errors } = (await response.json()) as { errors: { source: string }[] };
    expect(errors.map((e) => e.source)).to.deep.equal([
      'data.attributes.name',
      'data.attributes.main_image',
      'data.attributes.price.usd',
      'data.attributes.price_units.unit',
      'data.attributes.price_units.amount',
    ]);
  });
});
