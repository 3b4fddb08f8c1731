import { expect } from 'chai';
import { TOKENS } from '../../../../src/application/tokens.js';
import { RunLane } from '../../../../src/application/use-cases/jobs/run-lane.js';
import type { Lane } from '../../../../src/domain/jobs/job-lane.js';
import { errorBody } from '../../../support/error-body.js';
import { planData, productData, subscriptionData } from '../../../support/subscription-core.js';
import { TestClock } from '../../../support/system-fakes.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Resource = { id: string; type: string; attributes: Record<string, any>; meta: Record<string, any> };
const V2025 = '/generations/2025/v2/subscriptions';

describe('HTTP: the subscription-update job (EPCC 2026-10, the 2025 generation)', () => {
  let api: TestApi;
  let offeringId: string;
  let monthly: string;
  let weekly: string;
  let beans: string;
  let subscriptionId: string;

  const post = (path: string, data: unknown) => api.request(path, jsonBody({ data }));
  const created = async (path: string, data: unknown): Promise<Resource> => {
    const response = await post(path, data);
    expect(response.status, await response.clone().text()).to.equal(201);
    return ((await response.json()) as { data: Resource }).data;
  };
  const read = async (path: string): Promise<Resource> =>
    ((await (await api.request(path)).json()) as { data: Resource }).data;
  const moveClock = async (now: string) => {
    const moved = await api.request('/v2/subscriptions/test-clock', {
      ...jsonBody({ data: { type: 'subscription_test_clock', attributes: { now } } }),
      method: 'PUT',
    });
    expect(moved.status, await moved.clone().text()).to.equal(200);
  };
  const run = async (lane: Lane) => {
    const [ran] = await api.container.get(RunLane).execute({ storeId: api.store.store.id, lane });
    expect(ran?.outcome.status, JSON.stringify(ran?.outcome)).to.equal('success');
    return ran!;
  };
  const job = (attributes: Record<string, unknown>, prefix = V2025) =>
    post(`${prefix}/jobs`, {
      type: 'subscription_job',
      attributes: { job_type: 'subscription-update', ...attributes },
    });
  /** Each invoice's amount, oldest period first. */
  const invoiceAmounts = async (): Promise<number[]> =>
    (
      (await (await api.request(`/v2/subscriptions/subscriptions/${subscriptionId}/invoices`)).json()) as {
        data: Resource[];
      }
    ).data
      .map((i) => ({ start: i.attributes['billing_period'].start as string, amount: i.meta['price'].amount as number }))
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((i) => i.amount);

  beforeEach(async () => {
    // Real time before the store's: the store clock then moves forward from there.
    api = await startTestApi({
      testClocks: true,
      configure: (c) => c.rebind(TOKENS.Clock).toConstantValue(new TestClock(new Date('2026-01-01T00:00:00Z'))),
    });
    await moveClock('2026-01-10T12:00:00Z');
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
    offeringId = offering.id;
    const copies = (
      (await (await api.request(`/v2/subscriptions/offerings/${offeringId}/plans`)).json()) as {
        data: { id: string; relationships: { origin: { data: { id: string } } } }[];
      }
    ).data;
    monthly = copies.find((c) => c.relationships.origin.data.id === plans[0]!.id)!.id;
    weekly = copies.find((c) => c.relationships.origin.data.id === plans[1]!.id)!.id;
    beans = (
      (await (await api.request(`/v2/subscriptions/offerings/${offeringId}/products`)).json()) as {
        data: { id: string }[];
      }
    ).data[0]!.id;
    subscriptionId = (await created('/v2/subscriptions/subscriptions', subscriptionData(offeringId, monthly))).id;
  });
  afterEach(async () => api.close());

  it("schedules the offering's new price for the next period: pending until it is invoiced, then in the history", async () => {
    const before = await read(`${V2025}/subscriptions/${subscriptionId}`);
    expect(before.meta).not.to.have.property('pending_price_change');
    const [first] = await invoiceAmounts();
    expect(first).to.be.greaterThan(0).and.not.equal(4500);
    const submitted = await job({
      offering_id: offeringId,
      price_changes: {
        pricing_option_prices: { [monthly]: { fixed_price: { USD: { amount: 4500, includes_tax: false } } } },
      },
    });
    expect(submitted.status, await submitted.clone().text()).to.equal(201);
    const pending = ((await submitted.json()) as { data: Resource }).data;
    expect(pending.attributes).to.deep.include({
      job_type: 'subscription-update',
      offering_id: offeringId,
      status: 'pending',
    });
    const ran = await run('subscription-update');
    expect(ran.outcome).to.deep.equal({
      status: 'success',
      report: { subscriptions_updated: 1, subscription_failures: 0, total_processed: 1 },
    });
    const finished = await read(`${V2025}/jobs/${pending.id}`);
    expect(finished.meta['report']).to.deep.equal({
      subscriptions_updated: 1,
      subscription_failures: 0,
      total_processed: 1,
    });

    const scheduled = await read(`${V2025}/subscriptions/${subscriptionId}`);
    expect(scheduled.meta['pending_price_change']).to.deep.equal({
      plan_prices: {},
      pricing_option_prices: { [monthly]: { fixed_price: { USD: { amount: 4500, includes_tax: false } } } },
    });
    expect(scheduled.meta).not.to.have.property('price_update_history');
    expect(scheduled.attributes['offering'], 'the offering itself is not repriced').to.deep.equal(
      before.attributes['offering'],
    );

    // The period running when the job ran keeps its price; the next one is invoiced at the new price.
    await moveClock('2026-02-10T12:00:00Z');
    await post(`${V2025}/jobs`, { type: 'subscription_job', attributes: { job_type: 'billing-run' } });
    await run('billing-run');
    expect(await invoiceAmounts()).to.deep.equal([first, 4500]);
    const applied = await read(`${V2025}/subscriptions/${subscriptionId}`);
    expect(applied.meta).not.to.have.property('pending_price_change');
    expect(applied.meta['price_update_history']).to.have.length(1);
    expect(applied.meta['price_update_history'][0].valid_until).to.match(/^2026-02-10T12:00:00/);
    expect(Object.keys(applied.meta['price_update_history'][0].price_changes.pricing_option_prices)).to.deep.equal([
      monthly,
    ]);
  });

  it('counts subscriptions it cannot reach or change as failures, and leaves those the change does not name', async () => {
    const other = (await created('/v2/subscriptions/subscriptions', subscriptionData(offeringId, weekly))).id;
    await job({
      subscription_ids: [subscriptionId, other, '00000000-0000-4000-8000-000000000000'],
      price_changes: { plan_prices: { [beans]: { EUR: { amount: 100 } } } },
    });
    const ran = await run('subscription-update');
    // The subscriptions pay in USD: a price in EUR only leaves their plan unpriced.
    expect(ran.outcome).to.deep.equal({
      status: 'success',
      report: { subscriptions_updated: 0, subscription_failures: 3, total_processed: 3 },
    });
    await job({
      offering_id: offeringId,
      excluded_subscription_ids: [other],
      price_changes: { pricing_option_prices: { [weekly]: { base_price_percentage: 10 } } },
    });
    const untouched = await run('subscription-update');
    expect(untouched.outcome).to.deep.equal({
      status: 'success',
      report: { subscriptions_updated: 0, subscription_failures: 0, total_processed: 1 },
    });
  });

  it('refuses a malformed update with every source, and is an unknown job type on the 2024 wire', async () => {
    const both = await job({ offering_id: offeringId, subscription_ids: [subscriptionId] });
    expect(both.status).to.equal(400);
    expect((await errorBody(both)).errors.map((e) => e['source'])).to.deep.equal([
      'data.attributes.subscription_ids',
      'data.attributes.price_changes',
    ]);
    const wrong = await job({
      subscription_ids: [subscriptionId],
      excluded_subscription_ids: [subscriptionId],
      price_changes: { pricing_option_prices: { 'not-an-id': {}, [monthly]: { USD: { amount: 1 } } } },
    });
    expect((await errorBody(wrong)).errors.map((e) => e['source'])).to.deep.equal([
      'data.attributes.excluded_subscription_ids',
      'data.attributes.price_changes.pricing_option_prices.not-an-id',
      `data.attributes.price_changes.pricing_option_prices.${monthly}.USD`,
    ]);
    const misplaced = await post(`${V2025}/jobs`, {
      type: 'subscription_job',
      attributes: { job_type: 'billing-run', offering_id: offeringId },
    });
    expect((await errorBody(misplaced)).errors.map((e) => e['source'])).to.deep.equal(['data.attributes.offering_id']);
    const old = await job({ offering_id: offeringId, price_changes: { plan_prices: {} } }, '/v2/subscriptions');
    expect(old.status).to.equal(400);
    expect((await errorBody(old)).errors.map((e) => e['source'])).to.deep.equal(['data.attributes.job_type']);
  });

  it('lists the job on the 2025 wire only, and ends a pending change at a plan switch', async () => {
    await job({
      subscription_ids: [subscriptionId],
      price_changes: { pricing_option_prices: { [monthly]: { fixed_price: { USD: { amount: 10 } } } } },
    });
    await run('subscription-update');
    const listed = (await (await api.request(`${V2025}/jobs`)).json()) as { data: Resource[] };
    expect(listed.data.map((j) => j.attributes['job_type'])).to.deep.equal(['subscription-update']);
    const old = (await (await api.request('/v2/subscriptions/jobs')).json()) as { data: Resource[] };
    expect(old.data).to.deep.equal([]);
    expect((await api.request(`/v2/subscriptions/jobs/${listed.data[0]!.id}`)).status).to.equal(404);
    expect((await read(`${V2025}/subscriptions/${subscriptionId}`)).meta).to.have.property('pending_price_change');
    const switched = await api.request(`${V2025}/subscriptions/${subscriptionId}`, {
      ...jsonBody({ data: { type: 'subscription', attributes: { pricing_option_id: weekly } } }),
      method: 'PUT',
    });
    expect(switched.status).to.equal(200);
    const after = ((await switched.json()) as { data: Resource }).data;
    expect(after.meta).not.to.have.property('pending_price_change');
    expect(after.meta).not.to.have.property('price_update_history');
  });
});
