import { expect } from 'chai';
import { PLAN_ATTRIBUTES } from '../../../support/subscription-builders.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Resource = Record<string, any> & { id: string };
type Doc = {
  data: Resource & Resource[];
  included?: Record<string, Resource[]>;
  errors?: { status: string; source?: string; detail: string; code?: string }[];
};

const V2025 = '/generations/2025/v2/subscriptions';
const UNKNOWN = '11111111-1111-4111-8111-111111111111';

const build = (fields: Record<string, unknown> = {}) => ({
  name: 'Coffee club',
  external_ref: 'club',
  plans: [
    { name: 'Beans', external_ref: 'beans', price: { USD: { amount: 1999 }, EUR: { amount: 900 } } },
    { name: 'Mugs', external_ref: 'mugs', price: { USD: { amount: 500 } } },
  ],
  pricing_options: [
    { ...PLAN_ATTRIBUTES, name: 'Monthly', external_ref: 'monthly', base_price_percentage: 5 },
    { ...PLAN_ATTRIBUTES, name: 'Yearly', external_ref: 'yearly', fixed_price: { USD: { amount: 9000 } } },
  ],
  ...fields,
});

/**
 * EPCC's 2025 catalogue over a real socket, through the `/generations/2025` prefix and on a store that speaks
 * 2025: every answer is held to the 2025 API document and to EPCC's 2026-10 document (test-api's check).
 */
describe('HTTP: offerings on the 2025 wire', () => {
  let api: TestApi;

  const send = async (method: string, path: string, data?: unknown) =>
    api.request(path, { ...(data === undefined ? {} : jsonBody({ data })), method });
  const json = async (response: Response) => (await response.json()) as Doc;
  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).to.equal(status);
    return json(response);
  };
  const refusal = async (response: Response, status: number) => {
    expect(response.status, await response.clone().text()).to.equal(status);
    return (await json(response)).errors?.[0];
  };

  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  it('builds an offering with its plans and pricing options inline, each plan priced under every option', async () => {
    const offering = (await ok(await send('POST', `${V2025}/offerings/build`, build()), 201)).data;
    expect(offering['type']).to.equal('subscription_offering');
    expect(offering['meta'].external_plan_refs).to.deep.equal(['beans', 'mugs']);
    const holding = async (filter: string) =>
      (await ok(await send('GET', `${V2025}/offerings?filter=${filter}`))).data.map((o) => o.id);
    expect(await holding('eq(plans.external_ref,mugs)')).to.deep.equal([offering.id]);
    expect(await holding('in(plans.external_ref,teapots,beans)')).to.deep.equal([offering.id]);
    expect(await holding('eq(plans.external_ref,teapots)')).to.deep.equal([]);
    expect(await holding('eq(external_ref,club)')).to.deep.equal([offering.id]);
    const unknownField = await send('GET', `${V2025}/offerings?filter=in(external_product_refs,beans)`);
    expect(unknownField.status, "2024's name is no 2025 filter").to.equal(400);
    const read = await ok(
      await send('GET', `${V2025}/offerings/${offering.id}?include=plans,pricing_options,features`),
    );
    const [beans, mugs] = read.included?.['plans'] ?? [];
    const [monthly, yearly] = read.included?.['pricing_options'] ?? [];
    expect(read.included?.['features']).to.deep.equal([]);
    expect(beans?.['relationships'].pricing_options.data.map((r: Resource) => r.id)).to.deep.equal([
      monthly?.id,
      yearly?.id,
    ]);
    // 1999 less 5 % is 1899.05, rounded down to the penny; a fixed price is the price whatever the plan.
    expect(beans?.['meta'].prices[monthly!.id].price).to.deep.equal({
      USD: { amount: 1899, includes_tax: false },
      EUR: { amount: 855, includes_tax: false },
    });
    expect(beans?.['meta'].prices[yearly!.id].price).to.deep.equal({
      USD: { amount: 9000 },
      EUR: { amount: 900, includes_tax: false },
    });
    expect(monthly?.['meta'].prices[mugs!.id].price).to.deep.equal({ USD: { amount: 475, includes_tax: false } });

    // The same records on the 2024 wire, under the same ids: products and plans.
    const old = await ok(await send('GET', `/v2/subscriptions/offerings/${offering.id}?include=plans,products`));
    expect(old.included?.['products']?.map((p) => p.id)).to.deep.equal([beans?.id, mugs?.id]);
    expect(old.included?.['plans']?.map((p) => p.id)).to.deep.equal([monthly?.id, yearly?.id]);
    expect(old.included?.['products']?.[0]?.['relationships']).to.deep.equal({});
  });

  it('creates and edits plans and pricing options inside an offering, and lists, reads and removes them', async () => {
    const offering = (
      await ok(
        await send('POST', `${V2025}/offerings`, { type: 'subscription_offering', attributes: { name: 'Tea club' } }),
        201,
      )
    ).data;
    const plans = `${V2025}/offerings/${offering.id}/plans`;
    const options = `${V2025}/offerings/${offering.id}/pricing-options`;
    const plan = (
      await ok(
        await send('POST', plans, {
          type: 'subscription_offering_plan',
          attributes: { name: 'Green tea', price: { USD: { amount: 1000 } } },
        }),
        201,
      )
    ).data;
    expect(plan['meta'].prices).to.deep.equal({});
    const option = (
      await ok(
        await send('POST', options, {
          type: 'subscription_offering_pricing_option',
          attributes: { ...PLAN_ATTRIBUTES, name: 'Monthly', base_price_percentage: 12.5 },
        }),
        201,
      )
    ).data;
    expect(option['meta'].prices[plan.id].price).to.deep.equal({ USD: { amount: 875, includes_tax: false } });

    const edited = (
      await ok(
        await send('PUT', `${plans}/${plan.id}`, {
          id: plan.id,
          type: 'subscription_offering_plan',
          attributes: { price: { USD: { amount: 1001 } }, sku: null },
        }),
      )
    ).data;
    expect(edited['meta'].prices[option.id].price).to.deep.equal({ USD: { amount: 875, includes_tax: false } });
    const renamed = await ok(
      await send('PUT', `${options}/${option.id}`, {
        id: option.id,
        type: 'subscription_offering_pricing_option',
        attributes: { name: 'Every month' },
      }),
    );
    expect(renamed.data['attributes'].name).to.equal('Every month');

    expect((await ok(await send('GET', plans))).data.map((p) => p.id)).to.deep.equal([plan.id]);
    expect((await ok(await send('GET', options))).data.map((p) => p.id)).to.deep.equal([option.id]);
    expect((await ok(await send('GET', `${plans}/${plan.id}`))).data['attributes'].price).to.deep.equal({
      USD: { amount: 1001 },
    });
    expect((await ok(await send('GET', `${options}/${option.id}`))).data['attributes'].name).to.equal('Every month');
    expect((await ok(await send('GET', `${plans}/${plan.id}/relationships/pricing_options`))).data).to.deep.equal([
      { id: option.id, type: 'subscription_offering_pricing_option' },
    ]);
    expect((await refusal(await send('GET', `${plans}/${option.id}`), 404))?.detail).to.match(/plan not found/);
    expect((await refusal(await send('GET', `${options}/${plan.id}`), 404))?.detail).to.match(
      /pricing option not found/,
    );

    expect((await send('DELETE', `${options}/${option.id}`)).status).to.equal(204);
    expect((await send('DELETE', `${plans}/${plan.id}`)).status).to.equal(204);
    expect((await ok(await send('GET', plans))).data).to.deep.equal([]);
  });

  it('uses a proration policy from create, and changes or drops it on update', async () => {
    const policy = (
      await ok(
        await send('POST', '/v2/subscriptions/proration-policies', {
          type: 'subscription_proration_policy',
          attributes: { name: 'Main policy', rounding: 'up' },
        }),
        201,
      )
    ).data;
    const reference = { type: 'subscription_proration_policy', id: policy.id };
    const offering = (
      await ok(
        await send('POST', `${V2025}/offerings`, {
          type: 'subscription_offering',
          attributes: { name: 'Tea club' },
          relationships: { proration_policy: reference },
        }),
        201,
      )
    ).data;
    const using = async (id: string) =>
      (await ok(await send('GET', `${V2025}/offerings?filter=eq(proration_policy_id,${id})`))).data.map((o) => o.id);
    expect(await using(policy.id)).to.deep.equal([offering.id]);
    // A policy an offering uses cannot be deleted.
    expect((await send('DELETE', `/v2/subscriptions/proration-policies/${policy.id}`)).status).to.equal(409);
    const updated = await ok(
      await send('PUT', `${V2025}/offerings/${offering.id}`, {
        id: offering.id,
        type: 'subscription_offering',
        attributes: { description: 'Leaves' },
        relationships: { proration_policy: null },
      }),
    );
    expect(updated.data['attributes'].description).to.equal('Leaves');
    expect(await using(policy.id)).to.deep.equal([]);
    expect(
      await refusal(
        await send('PUT', `${V2025}/offerings/${offering.id}`, {
          id: offering.id,
          type: 'subscription_offering',
          relationships: { proration_policy: { ...reference, id: UNKNOWN } },
        }),
        404,
      ),
    ).to.include({ detail: 'proration policy not found' });
    const built = await send('POST', `${V2025}/offerings/build`, build({ proration_policy_id: UNKNOWN }));
    expect(await refusal(built, 404)).to.include({ detail: 'proration policy not found' });
    expect((await ok(await send('GET', `${V2025}/offerings`))).data.map((o) => o.id)).to.deep.equal([offering.id]);
  });

  it('refuses a reference to nothing with 400 or 404', async () => {
    const unknownFeature = await refusal(
      await send('POST', `${V2025}/offerings/build`, build({ features: ['gold-access'] })),
      404,
    );
    expect(unknownFeature?.detail).to.equal('subscription features not found: gold-access');
    const withConfigured = build();
    (withConfigured['plans'] as Record<string, unknown>[])[1]!['feature_configurations'] = { f: { type: 'access' } };
    expect(await refusal(await send('POST', `${V2025}/offerings/build`, withConfigured), 400)).to.include({
      source: 'data.plans.1.feature_configurations.f',
    });
    const every = { beans: ['monthly', 'yearly'], mugs: ['yearly', 'monthly'] };
    expect(
      (await send('POST', `${V2025}/offerings/build`, build({ pricing_option_associations: every }))).status,
    ).to.equal(201);
    const dangling = await refusal(
      await send('POST', `${V2025}/offerings/build`, build({ pricing_option_associations: { teapots: ['monthly'] } })),
      400,
    );
    expect(dangling).to.include({ source: 'data.pricing_option_associations.teapots' });
  });

  it('answers the 2025-only operations on a store that speaks 2025, and 404 under the 2024 prefix', async () => {
    const offering = (await ok(await send('POST', `${V2025}/offerings/build`, build()), 201)).data;
    // Read past the harness: these 404s are the dispatch's, which the documents do not list as routes.
    const other = async (path: string) =>
      fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${await api.token()}` } });
    const onlyIn2025 = await other(`/generations/2024/v2/subscriptions/offerings/${offering.id}/pricing-options`);
    expect(onlyIn2025.status).to.equal(404);
    expect(((await onlyIn2025.json()) as Doc).errors?.[0]?.detail).to.match(/2025 subscriptions generation/);
    expect((await other('/generations/2025/v2/subscriptions/products')).status).to.equal(404);
    await ok(await send('PUT', '/v2/settings', { type: 'settings', subscriptions_generation: '2025' }));
    const options = await ok(await send('GET', `/v2/subscriptions/offerings/${offering.id}/pricing-options`));
    expect(options.data.map((o) => o['attributes'].name)).to.deep.equal(['Monthly', 'Yearly']);
    const plans = await ok(await send('GET', `/subscriptions/offerings/${offering.id}/plans`));
    expect(plans.data.map((p) => p['type'])).to.deep.equal([
      'subscription_offering_plan',
      'subscription_offering_plan',
    ]);
  });
});
