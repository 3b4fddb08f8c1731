import { expect } from 'chai';
import { epccContract } from '../../../support/epcc-contract.js';
import { errorBody } from '../../../support/error-body.js';
import { planData, productData, subscriptionData } from '../../../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

/** An answer's resource, read loosely: `call` holds every answer to EPCC's schema for its operation. */
type Resource = any;

const V2024 = '/v2/subscriptions';
const V2025 = '/generations/2025/v2/subscriptions';

describe('HTTP: subscriptions, invoices and subscribers on the 2025 wire', () => {
  let api: TestApi;
  let offeringId: string;
  let beans: string;
  let mugs: string;
  let monthly: string;
  let yearly: string;

  /** Sends a request and holds its answer to EPCC's 2026-10 operation (the test API holds it to ours). */
  const call = async (operationId: string | undefined, method: string, path: string, data?: unknown) => {
    const response = await api.request(path, { ...(data === undefined ? {} : jsonBody({ data })), method });
    const text = await response.clone().text();
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
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text), response };
  };

  const subscribe2025 = async (fields: Record<string, unknown> = {}) => {
    const made = await call('CreateSubscription', 'POST', `${V2025}/subscriptions`, {
      ...subscriptionData(offeringId, mugs, {
        pricing_option_id: monthly,
        payment_authority: { type: 'elastic_path_payments_stripe', customer_id: 'cus_123', card_id: 'card_123' },
      }),
      ...fields,
    });
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    return made.body.data as Resource;
  };

  beforeEach(async () => {
    api = await startTestApi();
    const post = async (path: string, data: unknown) =>
      ((await (await api.request(path, { ...jsonBody({ data }), method: 'POST' })).json()) as Resource)
        .data as Resource;
    const products = [
      await post(`${V2024}/products`, productData({ name: 'Beans', price: { USD: { amount: 1000 } } })),
      await post(`${V2024}/products`, productData({ name: 'Mugs', price: { USD: { amount: 550 } } })),
    ];
    const plans = [
      await post(`${V2024}/plans`, planData({ name: 'Monthly', base_price_percentage: 10 })),
      await post(`${V2024}/plans`, planData({ name: 'Yearly', fixed_price: { USD: { amount: 9000 } } })),
    ];
    const offering = await post(`${V2024}/offerings/build`, {
      name: 'Coffee club',
      products: products.map((p) => p.id),
      plans: plans.map((p) => p.id),
    });
    offeringId = offering.id;
    [beans, mugs] = offering['relationships'].products.data.map((r: Resource) => r.id);
    [monthly, yearly] = offering['relationships'].plans.data.map((r: Resource) => r.id);
  });
  afterEach(async () => api.close());

  it('reads a subscription made on the 2024 wire with the same ids: pricing_option_id is its plan, plan_id its first product', async () => {
    const made = await call(undefined, 'POST', `${V2024}/subscriptions`, subscriptionData(offeringId, monthly));
    expect(made.status).to.equal(201);
    const id = made.body.data.id;
    const read = await call('GetSubscription', 'GET', `${V2025}/subscriptions/${id}?include=plans,pricing_options`);
    expect(read.status).to.equal(200);
    expect(read.body.data.id).to.equal(id);
    expect(read.body.data.attributes).to.include({ pricing_option_id: monthly, plan_id: beans });
    expect(read.body.data.attributes).not.to.have.property('payment_authority');
    expect(read.body.included.plans.map((p: Resource) => p.id)).to.deep.equal([beans, mugs]);
    expect(read.body.included.pricing_options.map((p: Resource) => p.id)).to.deep.equal([monthly, yearly]);
    const plans = await call('ListSubscriptionPlans', 'GET', `${V2025}/subscriptions/${id}/plans`);
    expect(plans.body.data.map((p: Resource) => [p.id, p.meta.active_plan])).to.deep.equal([
      [beans, true],
      [mugs, true],
    ]);
  });

  it('creates on the 2025 wire, and the 2024 wire reads the same subscription back', async () => {
    const made = await subscribe2025();
    expect(made.attributes).to.include({ plan_id: mugs, pricing_option_id: monthly });
    const back = await call(undefined, 'GET', `${V2024}/subscriptions/${made.id}/products`);
    expect(back.body.data.map((p: Resource) => p.id)).to.deep.equal([mugs]);
    const as2024 = await call(undefined, 'GET', `${V2024}/subscriptions/${made.id}`);
    expect(as2024.body.data.attributes.plan_id).to.equal(monthly);
    // The first invoice charges the one plan held under the pricing option: 550 less 10 %.
    const invoices = await call('ListSubscriptionInvoices', 'GET', `${V2025}/subscriptions/${made.id}/invoices`);
    expect(invoices.body.data[0].meta.price.amount).to.equal(495);
    expect(invoices.body.data[0].attributes.invoice_items.some((i: Resource) => i.plan_id === mugs)).to.equal(true);
    const invoiceId = invoices.body.data[0].id;
    expect((await call('GetInvoice', 'GET', `${V2025}/invoices/${invoiceId}`)).status).to.equal(200);
    expect((await call('ListInvoices', 'GET', `${V2025}/invoices`)).status).to.equal(200);
    expect(
      (await call('GetSubscriptionInvoice', 'GET', `${V2025}/subscriptions/${made.id}/invoices/${invoiceId}`)).status,
    ).to.equal(200);
  });

  it('answers one plan and one pricing option of the snapshot, and 404 for an id it does not have', async () => {
    const made = await subscribe2025();
    const plan = await call('GetSubscriptionPlan', 'GET', `${V2025}/subscriptions/${made.id}/plans/${beans}`);
    expect(plan.body.data.meta.active_plan).to.equal(false);
    expect(plan.body.data.meta.prices[yearly].price).to.deep.equal({ USD: { amount: 9000 } });
    const option = await call(
      'GetSubscriptionPricingOption',
      'GET',
      `${V2025}/subscriptions/${made.id}/pricing-options/${monthly}`,
    );
    expect(option.body.data.meta.active_pricing_option).to.equal(true);
    const options = await call(
      'ListSubscriptionPricingOptions',
      'GET',
      `${V2025}/subscriptions/${made.id}/pricing-options`,
    );
    expect(options.body.data.map((o: Resource) => o.meta.active_pricing_option)).to.deep.equal([true, false]);
    expect((await call(undefined, 'GET', `${V2025}/subscriptions/${made.id}/plans/${monthly}`)).status).to.equal(404);
  });

  it('switches the pricing option and the plan in one update, by the 2024 rules', async () => {
    const made = await subscribe2025();
    const updated = await call('UpdateSubscription', 'PUT', `${V2025}/subscriptions/${made.id}`, {
      id: made.id,
      type: 'subscription',
      attributes: { pricing_option_id: yearly, plan_id: beans },
    });
    expect(updated.status, JSON.stringify(updated.body)).to.equal(200);
    expect(updated.body.data.attributes).to.include({ pricing_option_id: yearly, plan_id: beans });
    const as2024 = await call(undefined, 'GET', `${V2024}/subscriptions/${made.id}`);
    expect(as2024.body.data.attributes.plan_id).to.equal(yearly);
    const products = await call(undefined, 'GET', `${V2024}/subscriptions/${made.id}/products`);
    expect(products.body.data.map((p: Resource) => p.id)).to.deep.equal([beans]);
    const refused = await call(undefined, 'PUT', `${V2025}/subscriptions/${made.id}`, {
      type: 'subscription',
      attributes: { pricing_option_id: beans },
    });
    expect(refused.status).to.equal(400);
    expect((await errorBody(refused.response)).errors[0]?.['source']).to.equal('data.attributes.pricing_option_id');
  });

  it('detaches plans (204), and refuses an attach and a plan the subscription does not hold', async () => {
    const made = await call(undefined, 'POST', `${V2024}/subscriptions`, subscriptionData(offeringId, monthly));
    const id = made.body.data.id;
    const detached = await call('ManageSubscriptionPlans', 'PUT', `${V2025}/subscriptions/${id}/plans`, [
      { type: 'detach', plans: [beans] },
    ]);
    expect(detached.status).to.equal(204);
    expect(detached.body).to.equal(undefined);
    const read = await call('GetSubscription', 'GET', `${V2025}/subscriptions/${id}`);
    expect(read.body.data.attributes.plan_id).to.equal(mugs);
    const again = await call(undefined, 'PUT', `${V2025}/subscriptions/${id}/plans`, [
      { type: 'attach', plans: [beans] },
      { type: 'detach', plans: [beans] },
    ]);
    expect(again.status).to.equal(400);
    expect((await errorBody(again.response)).errors.map((e) => e['source'])).to.have.members(['data.0.type']);
    const notHeld = await call(undefined, 'PUT', `${V2025}/subscriptions/${id}/plans`, [
      { type: 'detach', plans: [beans] },
    ]);
    expect(notHeld.status).to.equal(400);
    const [refusal] = (await errorBody(notHeld.response)).errors;
    expect(refusal?.['source']).to.equal('data.0.plans.0');
    expect(refusal?.['detail']).to.match(/is not a plan the subscription holds$/);
  });

  it('refuses what it does not serve yet with 422 not_served_yet, and names 2025 fields in a 400', async () => {
    const unserved = await call(undefined, 'POST', `${V2025}/subscriptions`, {
      ...subscriptionData(offeringId, mugs, { pricing_option_id: monthly }),
      first_invoice_paid: true,
    });
    expect(unserved.status).to.equal(422);
    expect((await errorBody(unserved.response)).errors[0]).to.include({ code: 'not_served_yet' });
    const wrong = await call(undefined, 'POST', `${V2025}/subscriptions`, {
      ...subscriptionData(offeringId, monthly, {
        pricing_option_id: mugs,
        payment_authority: { type: 'authorize_net' },
      }),
    });
    expect(wrong.status).to.equal(400);
    expect((await errorBody(wrong.response)).errors.map((e) => e['source'])).to.have.members([
      'data.pricing_option_id',
    ]);
    const include = await call(undefined, 'GET', `${V2025}/subscriptions?include=products`);
    expect(include.status).to.equal(400);
  });

  it('lists subscriptions with 2025 includes, and subscribers with their (empty) entitlements', async () => {
    await subscribe2025();
    const list = await call('ListSubscriptions', 'GET', `${V2025}/subscriptions?include=pricing_options`);
    expect(list.body.data).to.have.length(1);
    expect(Object.keys(list.body.included)).to.deep.equal(['pricing_options']);
    const subscriber = await call('CreateSubscriber', 'POST', `${V2025}/subscribers`, {
      type: 'subscription_subscriber',
      attributes: {
        account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
      },
    });
    expect(subscriber.body.data.meta.feature_entitlements).to.deep.equal([]);
    const subscribers = await call('ListSubscribers', 'GET', `${V2025}/subscribers`);
    expect(subscribers.body.data[0].meta.feature_entitlements).to.deep.equal([]);
  });

  it('walks the list by cursor past the offset limit, as the 2024 wire does, with next links under the prefix', async () => {
    const made = [await subscribe2025(), await subscribe2025(), await subscribe2025()];
    const seen: string[] = [];
    let next: string | null = `${V2025}/subscriptions?page[after]=&page[limit]=2&include=plans`;
    while (next !== null) {
      const page = await call(undefined, 'GET', next);
      expect(page.status).to.equal(200);
      seen.push(...page.body.data.map((s: Resource) => s.id));
      expect(Object.keys(page.body.included)).to.deep.equal(['plans']);
      next = page.body.links.next === null ? null : page.body.links.next.slice(api.url.length);
      if (next === null) continue;
      expect(next.startsWith(`${V2025}/subscriptions?`)).to.equal(true);
      // A cursor page links to the next by its token, never by an offset.
      const query = new URL(next, api.url).searchParams;
      expect(query.get('page[after]')).to.match(/.+/);
      expect(query.has('page[offset]')).to.equal(false);
    }
    expect(seen).to.deep.equal(made.map((s) => s.id).reverse());
  });

  it('speaks 2025 on the un-prefixed paths of a store set to it, and 2024 only products are a 404 there', async () => {
    const made = await call(undefined, 'POST', `${V2024}/subscriptions`, subscriptionData(offeringId, monthly));
    const id = made.body.data.id;
    const set = await api.request('/v2/settings', {
      ...jsonBody({ data: { type: 'settings', subscriptions_generation: '2025' } }),
      method: 'PUT',
    });
    expect(set.status).to.equal(200);
    const read = await call(undefined, 'GET', `${V2024}/subscriptions/${id}`);
    expect(read.body.data.attributes).to.include({ pricing_option_id: monthly, plan_id: beans });
    const products = await call(undefined, 'GET', `${V2024}/subscriptions/${id}/products`);
    expect(products.status).to.equal(404);
    const back = await call(undefined, 'GET', `/generations/2024${V2024}/subscriptions/${id}`);
    expect(back.body.data.attributes.plan_id).to.equal(monthly);
  });
});
