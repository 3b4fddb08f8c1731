import { expect } from 'chai';
import { PLAN_ATTRIBUTES } from '../../../support/subscription-builders.js';
import { subscriptionData } from '../../../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Resource = Record<string, any> & { id: string };
type Doc = {
  data: Resource & Resource[];
  included?: Record<string, Resource[]>;
  errors?: { status: string; source?: string; detail: string; code?: string }[];
};

const V2025 = '/generations/2025/v2/subscriptions';
const V2024 = '/generations/2024/v2/subscriptions';
const AUTHORITY = { type: 'elastic_path_payments_stripe', customer_id: 'cus_123', card_id: 'card_123' };

/** Beans under both pricing options, mugs yearly only, tea under none. */
const build = (fields: Record<string, unknown> = {}) => ({
  name: 'Coffee club',
  plans: [
    { name: 'Beans', external_ref: 'beans', price: { USD: { amount: 2000 } }, custom_attributes: { roast: 'dark' } },
    { name: 'Mugs', external_ref: 'mugs', price: { USD: { amount: 500 } } },
    { name: 'Tea', external_ref: 'tea', price: { USD: { amount: 800 } } },
  ],
  pricing_options: [
    { ...PLAN_ATTRIBUTES, name: 'Monthly', external_ref: 'monthly', base_price_percentage: 10 },
    { ...PLAN_ATTRIBUTES, name: 'Yearly', external_ref: 'yearly', base_price_percentage: 20 },
  ],
  pricing_option_associations: { beans: ['monthly', 'yearly'], mugs: ['yearly'] },
  ...fields,
});

/**
 * Plan ↔ pricing option associations and plans' custom attributes over a real socket: stored, shown, enforced
 * where a subscription is made or switched, and guarded from the 2024 wire. Every answer is held to the
 * service's documents and to EPCC's (test-api's check).
 */
describe('HTTP: plan ↔ pricing option associations and custom attributes (2025 wire)', () => {
  let api: TestApi;
  let offering: string;
  let beans: string;
  let mugs: string;
  let tea: string;
  let monthly: string;
  let yearly: string;

  const send = async (method: string, path: string, data?: unknown) =>
    api.request(path, { ...(data === undefined ? {} : jsonBody({ data })), method });
  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).to.equal(status);
    return (await response.json()) as Doc;
  };
  const refusal = async (response: Response, status: number) => {
    expect(response.status, await response.clone().text()).to.equal(status);
    return ((await response.json()) as Doc).errors?.[0];
  };
  const associated = async (plan: string) =>
    (
      await ok(await send('GET', `${V2025}/offerings/${offering}/plans/${plan}/relationships/pricing_options`))
    ).data.map((r) => r.id);
  const subscribe = (plan: string, option: string) =>
    send(
      'POST',
      `${V2025}/subscriptions`,
      subscriptionData(offering, plan, { pricing_option_id: option, payment_authority: AUTHORITY }),
    );

  beforeEach(async () => {
    api = await startTestApi();
    const made = await ok(await send('POST', `${V2025}/offerings/build`, build()), 201);
    offering = made.data.id;
    const read = await ok(await send('GET', `${V2025}/offerings/${offering}?include=plans,pricing_options`));
    [beans, mugs, tea] = (read.included?.['plans'] ?? []).map((p) => p.id) as [string, string, string];
    [monthly, yearly] = (read.included?.['pricing_options'] ?? []).map((p) => p.id) as [string, string];
  });
  afterEach(async () => api.close());

  it('stores the build associations and shows only associated pairs, priced, from both sides', async () => {
    expect(await associated(beans)).to.deep.equal([monthly, yearly]);
    expect(await associated(mugs)).to.deep.equal([yearly]);
    expect(await associated(tea)).to.deep.equal([]);
    const mug = (await ok(await send('GET', `${V2025}/offerings/${offering}/plans/${mugs}`))).data;
    expect(mug['relationships'].pricing_options.data.map((r: Resource) => r.id)).to.deep.equal([yearly]);
    expect(Object.keys(mug['meta'].prices)).to.deep.equal([yearly]);
    expect(mug['meta'].prices[yearly].price).to.deep.equal({ USD: { amount: 400, includes_tax: false } });
    const option = (await ok(await send('GET', `${V2025}/offerings/${offering}/pricing-options/${monthly}`))).data;
    expect(Object.keys(option['meta'].prices)).to.deep.equal([beans]);
    expect(option['relationships'].plans.data.map((r: Resource) => r.id)).to.deep.equal([beans]);
  });

  it('adds and removes pricing options of a plan, answering what it may be bought with now', async () => {
    const relationships = `${V2025}/offerings/${offering}/plans/${tea}/relationships/pricing_options`;
    const added = await ok(
      await send('POST', relationships, [{ type: 'subscription_offering_pricing_option', id: monthly }]),
    );
    expect(added.data).to.deep.equal([{ id: monthly, type: 'subscription_offering_pricing_option' }]);
    const again = await ok(
      await send('POST', relationships, [
        { type: 'subscription_offering_pricing_option', id: monthly },
        { type: 'subscription_offering_pricing_option', id: yearly },
      ]),
    );
    expect(again.data.map((r) => r.id)).to.deep.equal([monthly, yearly]);
    const removed = await ok(
      await send('DELETE', relationships, [{ type: 'subscription_offering_pricing_option', id: yearly }]),
    );
    expect(removed.data.map((r) => r.id)).to.deep.equal([monthly]);
    expect(await associated(tea)).to.deep.equal([monthly]);

    const unknown = await refusal(
      await send('POST', relationships, [{ type: 'subscription_offering_pricing_option', id: tea }]),
      400,
    );
    expect(unknown).to.include({ source: 'data.0.id' });
    expect((await refusal(await send('POST', relationships, []), 400))?.source).to.equal('data');
    expect(
      (await refusal(await send('POST', relationships, [{ type: 'subscription_offering_plan', id: monthly }]), 400))
        ?.source,
    ).to.equal('data.0.type');
    const noPlan = `${V2025}/offerings/${offering}/plans/${monthly}/relationships/pricing_options`;
    await refusal(await send('POST', noPlan, [{ type: 'subscription_offering_pricing_option', id: monthly }]), 404);
    await refusal(await send('GET', noPlan), 404);
  });

  it('subscribes only to an associated pair, and switches only to one (the preview refuses the same)', async () => {
    const refused = await refusal(await subscribe(mugs, monthly), 400);
    expect(refused).to.include({ source: 'data.pricing_option_id' });
    expect(refused?.detail).to.contain(mugs);
    const made = (await ok(await subscribe(beans, monthly), 201)).data;
    const switchTo = (attributes: Record<string, unknown>) =>
      send('PUT', `${V2025}/subscriptions/${made.id}`, { type: 'subscription', attributes });
    expect((await refusal(await switchTo({ plan_id: mugs }), 400))?.source).to.equal(
      'data.attributes.pricing_option_id',
    );
    const preview = await send('POST', `${V2025}/subscriptions/${made.id}/proration-preview`, {
      type: 'proration_preview_request',
      attributes: { trigger: 'plan_pricing_option_change', pricing_option_id: monthly, plan_id: mugs },
    });
    expect(preview.status, 'the preview decides as the switch does').to.equal(400);
    const both = await ok(await switchTo({ plan_id: mugs, pricing_option_id: yearly }));
    expect(both.data['attributes']).to.include({ plan_id: mugs, pricing_option_id: yearly });
  });

  it("carries a plan's custom attributes onto its subscriptions, and changes them key by key", async () => {
    const plan = `${V2025}/offerings/${offering}/plans/${beans}`;
    const made = (await ok(await subscribe(beans, monthly), 201)).data;
    const changed = await ok(
      await send('PUT', plan, {
        type: 'subscription_offering_plan',
        attributes: { custom_attributes: { roast: null, origin: 'Kenya' } },
      }),
    );
    expect(changed.data['attributes'].custom_attributes).to.deep.equal({ origin: 'Kenya' });
    const kept = await ok(
      await send('PUT', plan, { type: 'subscription_offering_plan', attributes: { name: 'Beans!' } }),
    );
    expect(kept.data['attributes'].custom_attributes, 'a key left out stays').to.deep.equal({ origin: 'Kenya' });
    const held = (await ok(await send('GET', `${V2025}/subscriptions/${made.id}/plans/${beans}`))).data;
    expect(held['attributes'].custom_attributes, 'the snapshot it was made from').to.deep.equal({ roast: 'dark' });
    const tooLong = await refusal(
      await send('PUT', plan, {
        type: 'subscription_offering_plan',
        attributes: { custom_attributes: { a: 'x'.repeat(513) } },
      }),
      400,
    );
    expect(tooLong?.source).to.equal('data.attributes.custom_attributes.a');
    const created = await ok(
      await send('POST', `${V2025}/offerings/${offering}/plans`, {
        type: 'subscription_offering_plan',
        attributes: { name: 'Filters', custom_attributes: { size: '4' } },
      }),
      201,
    );
    expect(created.data['attributes'].custom_attributes).to.deep.equal({ size: '4' });
  });

  it('answers 409 generation_mismatch to the 2024 writes that would lose the associations or custom attributes', async () => {
    const product = (
      await ok(
        await send('POST', `${V2024}/products`, { type: 'subscription_product', attributes: { name: 'Grinder' } }),
        201,
      )
    ).data.id;
    for (const [method, path] of [
      ['POST', `${V2024}/offerings/${offering}/products/attach`],
      ['PUT', `${V2024}/offerings/${offering}/products/replace`],
    ] as const) {
      const refused = await refusal(await send(method, path, { products: [product] }), 409);
      expect(refused?.code).to.equal('generation_mismatch');
      expect(refused?.detail).to.contain('pricing_option_associations');
    }
    // Complete again, the attach is fine; the replace still would drop the custom attributes of beans.
    for (const plan of [mugs, tea])
      await ok(
        await send('POST', `${V2025}/offerings/${offering}/plans/${plan}/relationships/pricing_options`, [
          { type: 'subscription_offering_pricing_option', id: monthly },
          { type: 'subscription_offering_pricing_option', id: yearly },
        ]),
      );
    const replaced = await refusal(
      await send('PUT', `${V2024}/offerings/${offering}/products/replace`, { products: [product] }),
      409,
    );
    expect(replaced?.detail).to.contain('custom_attributes');
    await ok(await send('POST', `${V2024}/offerings/${offering}/products/attach`, { products: [product] }));
  });

  it('on the 2024 wire, a plan costs the products associated with it, and a create holds just those', async () => {
    const plans = (await ok(await send('GET', `${V2024}/offerings/${offering}/plans`))).data;
    // Monthly sells beans alone: 2000 less 10 %; yearly beans and mugs: 2500 less 20 %.
    expect(plans.map((p) => p['meta'].price.USD.amount)).to.deep.equal([1800, 2000]);
    const made = await ok(await send('POST', `${V2024}/subscriptions`, subscriptionData(offering, yearly)), 201);
    const products = await ok(await send('GET', `${V2024}/subscriptions/${made.data.id}/products`));
    expect(products.data.map((p) => p.id)).to.deep.equal([beans, mugs]);
  });

  it('shows who paused a subscription, while it is paused', async () => {
    const made = (await ok(await subscribe(beans, monthly), 201)).data;
    expect(made['meta']).not.to.have.property('paused_by');
    const state = (action: string) =>
      send('POST', `${V2025}/subscriptions/${made.id}/states`, { type: 'subscription_state', attributes: { action } });
    expect((await state('pause')).status).to.equal(204);
    const paused = (await ok(await send('GET', `${V2025}/subscriptions/${made.id}`))).data;
    expect(paused['meta']).to.include({ paused: true, paused_by: 'merchandizer' });
    expect((await state('resume')).status).to.equal(204);
    const resumed = (await ok(await send('GET', `${V2025}/subscriptions/${made.id}`))).data;
    expect(resumed['meta']).not.to.have.property('paused_by');
  });
});
