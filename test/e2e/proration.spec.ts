import { expect } from 'chai';
import { forEachBackend } from '../support/backends.js';
import { type BillingApi, type Resource, startBillingApi } from '../support/billing-api.js';
import { planData, productData, subscriptionData } from '../support/subscription-core.js';
import { jsonBody } from '../support/test-api.js';

const S = '/v2/subscriptions';

/**
 * Plan switches over HTTP on the store's test clock: prorated by day under the offering's policy, charged
 * by the next billing run's invoice (EPCC), and a closing plan's end date counted from the switch.
 */
forEachBackend('Proration of plan switches over HTTP, month by month', (_backend, persistence) => {
  let billing: BillingApi;
  beforeEach(async () => {
    billing = await startBillingApi(persistence());
  });
  afterEach(async () => billing.stop());

  const send = (method: string, path: string, data: unknown) =>
    billing.api.request(path, { ...jsonBody({ data }), method });
  const switchPlan = async (id: string, planId: string): Promise<Resource> => {
    const response = await send('PUT', `${S}/subscriptions/${id}`, {
      type: 'subscription',
      attributes: { plan_id: planId },
    });
    expect(response.status, await response.clone().text()).to.equal(200);
    return ((await response.json()) as { data: Resource }).data;
  };
  const invoicesOf = async (id: string): Promise<Resource[]> =>
    (await billing.read<Resource[]>(`${S}/subscriptions/${id}/invoices?page[limit]=100`)).sort(
      (a, b) => a.attributes['number'] - b.attributes['number'],
    );

  /** An offering of one product and these fixed-price monthly plans, with a proration policy rounding days `rounding` when given. */
  const offeringWith = async (plans: Record<string, unknown>[], rounding?: 'up' | 'down' | 'nearest') => {
    const product = await billing.created(
      `${S}/products`,
      productData({ name: 'Beans', price: { USD: { amount: 1000, includes_tax: true } } }),
    );
    const made = [];
    for (const attributes of plans) made.push(await billing.created(`${S}/plans`, planData(attributes)));
    const offering = await billing.created(`${S}/offerings/build`, {
      name: 'Club',
      products: [product.id],
      plans: made.map((p) => p.id),
    });
    const copies = new Map(
      (await billing.read<Resource[]>(`${S}/offerings/${offering.id}/plans`)).map((p) => [
        p.attributes['name'] as string,
        p.id,
      ]),
    );
    let policyId: string | undefined;
    if (rounding !== undefined) {
      const policy = await billing.created(`${S}/proration-policies`, {
        type: 'subscription_proration_policy',
        attributes: { name: 'By the day', rounding },
      });
      const attached = await send('PUT', `${S}/offerings/${offering.id}/relationships/proration-policies`, {
        type: 'subscription_proration_policy',
        id: policy.id,
      });
      expect(attached.status).to.be.oneOf([200, 204]);
      policyId = policy.id;
    }
    return { offering, plan: (name: string) => copies.get(name)!, policyId };
  };
  const fixed = (name: string, amount: number, extra: Record<string, unknown> = {}) => ({
    name,
    fixed_price: { USD: { amount, includes_tax: true } },
    ...extra,
  });

  it('charges an upgrade and a downgrade on the next invoices, with their events, rounding the days as the policy says', async () => {
    await billing.move('2030-01-01T00:00:00Z');
    const { offering, plan, policyId } = await offeringWith([fixed('Small', 3100), fixed('Large', 6200)], 'up');
    const subscription = await billing.created(
      `${S}/subscriptions`,
      subscriptionData(offering.id, plan('Small'), { manual_payments: true }),
    );

    // 20.5 days of January left, rounded up to 21: 3100 × 21/31 refunded, 6200 × 21/31 charged.
    await billing.move('2030-01-11T12:00:00Z');
    await switchPlan(subscription.id, plan('Large'));
    await billing.move('2030-02-01T00:00:00Z');
    await billing.runJob({ job_type: 'billing-run' });
    // 27 days of February left: 6200 × 27/28 = 5978.57 refunded, 3100 × 27/28 = 2989.28 charged, each rounded down.
    await billing.move('2030-02-02T00:00:00Z');
    await switchPlan(subscription.id, plan('Small'));
    await billing.move('2030-03-01T00:00:00Z');
    await billing.runJob({ job_type: 'billing-run' });

    const [first, upgraded, downgraded, ...rest] = await invoicesOf(subscription.id);
    expect(rest).to.deep.equal([]);
    expect(first!.meta['price'].amount).to.equal(3100);
    expect(first!.meta['proration_events']).to.deep.equal([]);
    expect(upgraded!.attributes['billing_period'].start).to.equal('2030-02-01T00:00:00.000000000Z');
    expect(upgraded!.meta['price'].amount).to.equal(6200 + 4200 - 2100);
    expect(upgraded!.meta['proration_events']).to.deep.equal([
      {
        proration_policy_id: policyId,
        billing_cost_before_proration: 3100,
        refunded_amount_for_unused_plan: 2100,
        new_plan_cost: 4200,
        prorated_at: '2030-01-11T12:00:00.000000000Z',
      },
    ]);
    expect(
      upgraded!.attributes['invoice_items'].map((i: { price: { amount: number } }) => i.price.amount),
    ).to.deep.equal([6200, 4200, -2100]);
    expect(downgraded!.meta['price'].amount).to.equal(3100 + 2989 - 5978);
    expect(downgraded!.meta['proration_events'][0]).to.deep.include({
      billing_cost_before_proration: 6200,
      refunded_amount_for_unused_plan: 5978,
      new_plan_cost: 2989,
    });
  });

  it('carries a refund larger than the next invoice on to the invoices after it; no policy, no proration', async () => {
    await billing.move('2030-01-01T00:00:00Z');
    const { offering, plan } = await offeringWith([fixed('Tiny', 310), fixed('Huge', 31_000)], 'down');
    const subscription = await billing.created(
      `${S}/subscriptions`,
      subscriptionData(offering.id, plan('Huge'), { manual_payments: true }),
    );
    const unprorated = await offeringWith([fixed('Tiny', 310), fixed('Huge', 31_000)]);
    const plain = await billing.created(
      `${S}/subscriptions`,
      subscriptionData(unprorated.offering.id, unprorated.plan('Huge'), { manual_payments: true }),
    );

    // 30 days of January left: 31,000 × 30/31 = 30,000 refunded, 310 × 30/31 = 300 charged.
    await billing.move('2030-01-02T00:00:00Z');
    await switchPlan(subscription.id, plan('Tiny'));
    await switchPlan(plain.id, unprorated.plan('Tiny'));
    for (const month of ['02', '03']) {
      await billing.move(`2030-${month}-01T00:00:00Z`);
      await billing.runJob({ job_type: 'billing-run' });
    }
    const [, february, march] = await invoicesOf(subscription.id);
    // February: 310 + 300 − 30,000 = −29,390: zero, the rest carried; March: 310 − 29,390, zero again.
    expect([february!.meta['price'].amount, february!.attributes['outstanding']]).to.deep.equal([0, false]);
    expect(february!.attributes['invoice_items'].at(-1)).to.deep.include({
      description: 'Credit carried to the next invoice',
      price: { currency: 'USD', amount: 29_390, includes_tax: true },
    });
    expect(march!.meta['price'].amount).to.equal(0);
    expect(march!.meta['proration_events']).to.deep.equal([]);
    expect(march!.attributes['invoice_items'].map((i: { price: { amount: number } }) => i.price.amount)).to.deep.equal([
      310, -29_390, 29_080,
    ]);

    const plainInvoices = await invoicesOf(plain.id);
    expect(plainInvoices.map((i) => i.meta['price'].amount)).to.deep.equal([31_000, 310, 310]);
    expect(plainInvoices.every((i) => i.meta['proration_events'].length === 0)).to.equal(true);
  });

  it("sets a closing plan's end date from the day of the switch, and none when switching to a rolling plan (EPCC's table)", async () => {
    await billing.move('2030-01-01T00:00:00Z');
    const closing = { end_behavior: 'close', plan_length: 3 };
    const { offering, plan } = await offeringWith([
      fixed('Quarter', 1000, closing),
      fixed('Half', 1000, { end_behavior: 'close', plan_length: 6 }),
      fixed('Rolling', 1000),
    ]);
    const subscription = await billing.created(`${S}/subscriptions`, subscriptionData(offering.id, plan('Quarter')));
    expect(subscription.meta['timestamps'].end_date).to.equal('2030-04-01T00:00:00.000000000Z');

    await billing.move('2030-02-15T00:00:00Z');
    const half = await switchPlan(subscription.id, plan('Half'));
    expect(half.meta['timestamps'].end_date, 'six months from the switch').to.equal('2030-08-15T00:00:00.000000000Z');
    expect(half.meta['closed']).to.equal(false);
    const rolling = await switchPlan(subscription.id, plan('Rolling'));
    expect(rolling.meta['timestamps']).not.to.have.property('end_date');
    await billing.move('2030-05-01T00:00:00Z');
    const quarter = await switchPlan(subscription.id, plan('Quarter'));
    expect(quarter.meta['timestamps'].end_date, 'not closed on the spot: three months from the switch').to.equal(
      '2030-08-01T00:00:00.000000000Z',
    );
    expect(quarter.meta['closed']).to.equal(false);
  });
});
