import { expect } from 'chai';
import { planData, productData, subscriptionData } from '../../../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

interface Doc {
  readonly data: { id: string; attributes: Record<string, unknown>; relationships?: unknown };
}
interface PreviewAnswer {
  readonly data: {
    type: string;
    attributes: { trigger: string; would_prorate: boolean; rejection_reason: string | null };
    meta?: { proration: Record<string, unknown> };
  };
}

describe('HTTP: proration preview (EPCC 2026-10, the 2025 generation)', () => {
  let api: TestApi;
  let subscriptionId: string;
  let monthly: string;
  let weekly: string;
  let beans: string;
  const post = async (path: string, data: unknown) => api.request(path, jsonBody({ data }));
  const created = async (path: string, data: unknown) => ((await (await post(path, data)).json()) as Doc).data;
  const preview = (pricingOption: string, plan = beans, id = subscriptionId) =>
    post(`/generations/2025/v2/subscriptions/subscriptions/${id}/proration-preview`, {
      type: 'proration_preview_request',
      attributes: { trigger: 'plan_pricing_option_change', pricing_option_id: pricingOption, plan_id: plan },
    });

  beforeEach(async () => {
    api = await startTestApi();
    const product = await created('/v2/subscriptions/products', productData());
    const plans = [
      await created('/v2/subscriptions/plans', planData()),
      await created('/v2/subscriptions/plans', planData({ billing_interval_type: 'week' })),
    ];
    const offering = await created('/v2/subscriptions/offerings/build', {
      name: 'Coffee club',
      products: [product.id],
      plans: plans.map((p) => p.id),
    });
    const copies = (
      (await (await api.request(`/v2/subscriptions/offerings/${offering.id}/plans`)).json()) as {
        data: { id: string; relationships: { origin: { data: { id: string } } } }[];
      }
    ).data;
    monthly = copies.find((c) => c.relationships.origin.data.id === plans[0]!.id)!.id;
    weekly = copies.find((c) => c.relationships.origin.data.id === plans[1]!.id)!.id;
    beans = (
      (await (await api.request(`/v2/subscriptions/offerings/${offering.id}/products`)).json()) as {
        data: { id: string }[];
      }
    ).data[0]!.id;
    const policy = await created('/v2/subscriptions/proration-policies', {
      type: 'subscription_proration_policy',
      attributes: { name: 'By the day', rounding: 'down' },
    });
    const related = await api.request(`/v2/subscriptions/offerings/${offering.id}/relationships/proration-policies`, {
      ...jsonBody({ data: { type: 'subscription_proration_policy', id: policy.id } }),
      method: 'PUT',
    });
    expect(related.status).to.equal(200);
    subscriptionId = (await created('/v2/subscriptions/subscriptions', subscriptionData(offering.id, monthly))).id;
  });
  afterEach(async () => api.close());

  it('says a switch in an invoiced period would prorate and stores nothing, and a switch to what it has is no_change', async () => {
    const answer = await preview(weekly);
    expect(answer.status).to.equal(200);
    const { data } = (await answer.json()) as PreviewAnswer;
    expect(data.type).to.equal('proration_preview');
    expect(data.attributes).to.deep.equal({
      trigger: 'plan_pricing_option_change',
      would_prorate: true,
      rejection_reason: null,
    });
    // Our extension: the figures of the proration the switch would add (the model test holds them equal to it).
    const figures = data.meta?.proration ?? {};
    expect(figures).to.include({ currency: 'USD', billing_cost_before_proration: 1000 });
    expect(figures['net_amount']).to.equal(
      Number(figures['new_plan_cost']) - Number(figures['refunded_amount_for_unused_plan']),
    );
    expect(figures['refunded_amount_for_unused_plan']).to.be.within(1, 1000);
    expect(Date.parse(String(figures['prorated_until']))).to.be.above(Date.parse(String(figures['prorated_at'])));
    const same = (await (await preview(monthly)).json()) as PreviewAnswer;
    expect(same.data.attributes).to.deep.include({ would_prorate: false, rejection_reason: 'no_change' });
    expect(same.data.meta, 'no proration, no figures').to.equal(undefined);
    const read = async () =>
      (await (await api.request(`/generations/2025/v2/subscriptions/subscriptions/${subscriptionId}`)).json()) as Doc;
    expect((await read()).data.attributes['pricing_option_id'], 'the preview changed nothing').to.equal(monthly);
    const switched = await api.request(`/generations/2025/v2/subscriptions/subscriptions/${subscriptionId}`, {
      ...jsonBody({ data: { type: 'subscription', attributes: { pricing_option_id: weekly } } }),
      method: 'PUT',
    });
    expect(switched.status).to.equal(200);
    expect((await read()).data.attributes['pricing_option_id']).to.equal(weekly);
  });

  it('refuses what the switch would refuse, a wrong trigger, and is a 404 on the 2024 wire', async () => {
    const wrong = await post(`/generations/2025/v2/subscriptions/subscriptions/${subscriptionId}/proration-preview`, {
      type: 'proration_preview_request',
      attributes: { trigger: 'cancel', pricing_option_id: 'x' },
    });
    expect(wrong.status).to.equal(400);
    expect(((await wrong.json()) as { errors: { source: string }[] }).errors.map((e) => e.source)).to.deep.equal([
      'data.attributes.trigger',
      'data.attributes.pricing_option_id',
      'data.attributes.plan_id',
    ]);
    expect((await preview(beans)).status, 'a plan id given as the pricing option').to.equal(400);
    expect((await preview(weekly, beans, '00000000-0000-4000-8000-000000000000')).status).to.equal(404);
    const old = await post(`/v2/subscriptions/subscriptions/${subscriptionId}/proration-preview`, {
      type: 'proration_preview_request',
      attributes: { trigger: 'plan_pricing_option_change', pricing_option_id: weekly, plan_id: beans },
    });
    expect(old.status).to.equal(404);
  });
});
