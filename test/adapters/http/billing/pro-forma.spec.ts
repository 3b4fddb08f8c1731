import { expect } from 'chai';
import { TOKENS } from '../../../../src/application/tokens.js';
import { aJob, runJob } from '../../../support/billing-runs.js';
import { epccContract } from '../../../support/epcc-contract.js';
import { PLAN_ATTRIBUTES } from '../../../support/subscription-builders.js';
import { subscriptionData } from '../../../support/subscription-core.js';
import { TestClock } from '../../../support/system-fakes.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

/** An answer's resource, read loosely: `call` holds every answer to EPCC's 2026-10 schema for its operation. */
type Resource = any;

const V2024 = '/v2/subscriptions';
const V2025 = '/generations/2025/v2/subscriptions';
const WEEK = { type: 'week', time: 1 };

/**
 * EPCC 2026-10's pro-forma invoices over a real socket: a pricing option's `lead_time` written and read on
 * the 2025 wire (and kept, unseen, through the 2024 wire), and the invoices a billing run makes ahead of
 * their periods, `pro_forma` until `valid_from`, answers held to EPCC's document.
 */
describe('HTTP: lead_time and pro-forma invoices on the 2025 wire', () => {
  let api: TestApi;
  const clock = new TestClock(new Date('2026-01-10T00:00:00.000Z'));
  let bearer: string | undefined;

  const call = async (operationId: string | undefined, method: string, path: string, data?: unknown) => {
    const response = await api.request(path, {
      ...(data === undefined ? {} : jsonBody({ data })),
      method,
      ...(bearer === undefined ? {} : { token: bearer }),
    });
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
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  };
  const ok = async (operationId: string | undefined, method: string, path: string, data?: unknown, status = 200) => {
    const answer = await call(operationId, method, path, data);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
    return answer.body;
  };
  /** Tokens expire by the same clock, so a move takes a fresh one. */
  const move = async (iso: string) => {
    clock.set(new Date(iso));
    bearer = await api.token();
  };
  const run = (jobType: 'billing-run' | 'payment-run') =>
    runJob(api.container, aJob(api.store.store.id, jobType, clock.now()), clock.now());

  const build = async (lead: unknown = WEEK) =>
    (
      await ok(
        'BuildOffering',
        'POST',
        `${V2025}/offerings/build`,
        {
          name: 'Tea club',
          plans: [{ name: 'Green tea', price: { USD: { amount: 1000, includes_tax: true } } }],
          pricing_options: [{ ...PLAN_ATTRIBUTES, name: 'Monthly', lead_time: lead }],
        },
        201,
      )
    ).data as Resource;
  const optionOf = async (offering: Resource) =>
    (await ok('ListOfferingPricingOptions', 'GET', `${V2025}/offerings/${offering.id}/pricing-options`)).data[0];

  // EPCC's document is compiled once, before any socket is open: a keep-alive socket left idle that long is closed.
  before(() => epccContract());

  beforeEach(async () => {
    clock.set(new Date('2026-01-10T00:00:00.000Z'));
    bearer = undefined;
    api = await startTestApi({ configure: (container) => container.rebind(TOKENS.Clock).toConstantValue(clock) });
  });
  afterEach(async () => api.close());

  it("writes and reads a pricing option's lead_time on create, build, update and read; null clears it", async () => {
    const offering = await build();
    const option = await optionOf(offering);
    const path = `${V2025}/offerings/${offering.id}/pricing-options`;
    expect(option.attributes.lead_time).to.deep.equal(WEEK);
    const read = await ok('GetOfferingPricingOption', 'GET', `${path}/${option.id}`);
    expect(read.data.attributes.lead_time).to.deep.equal(WEEK);
    const made = await ok(
      'CreateOfferingPricingOption',
      'POST',
      path,
      {
        type: 'subscription_offering_pricing_option',
        attributes: { ...PLAN_ATTRIBUTES, name: 'Fortnightly', lead_time: { type: 'day', time: 3 } },
      },
      201,
    );
    expect(made.data.attributes.lead_time).to.deep.equal({ type: 'day', time: 3 });
    const changed = await ok('UpdateOfferingPricingOption', 'PUT', `${path}/${option.id}`, {
      type: 'subscription_offering_pricing_option',
      attributes: { lead_time: { type: 'day', time: 10 } },
    });
    expect(changed.data.attributes.lead_time).to.deep.equal({ type: 'day', time: 10 });
    const cleared = await ok('UpdateOfferingPricingOption', 'PUT', `${path}/${option.id}`, {
      type: 'subscription_offering_pricing_option',
      attributes: { lead_time: null },
    });
    expect(cleared.data.attributes).not.to.have.property('lead_time');
  });

  it("refuses a lead_time out of EPCC's units or this service's bounds with 400 naming the field", async () => {
    const offering = await build();
    const option = await optionOf(offering);
    const refused = await call(
      'UpdateOfferingPricingOption',
      'PUT',
      `${V2025}/offerings/${offering.id}/pricing-options/${option.id}`,
      {
        type: 'subscription_offering_pricing_option',
        attributes: { lead_time: { type: 'month', time: 1 } },
      },
    );
    expect(refused.status).to.equal(400);
    expect(refused.body.errors[0].source).to.equal('data.attributes.lead_time.type');
    const inBuild = await call('BuildOffering', 'POST', `${V2025}/offerings/build`, {
      name: 'Tea club',
      plans: [{ name: 'Green tea', price: { USD: { amount: 1000 } } }],
      pricing_options: [{ ...PLAN_ATTRIBUTES, name: 'Monthly', lead_time: { type: 'week', time: 53 } }],
    });
    expect(inBuild.status).to.equal(400);
    expect(inBuild.body.errors[0]).to.include({
      source: 'data.pricing_options.0.lead_time.time',
      detail: 'data.pricing_options.0.lead_time.time must be between 1 and 52',
    });
  });

  it('the 2024 wire neither shows a lead_time nor drops it when it edits the same plan', async () => {
    const offering = await build();
    const option = await optionOf(offering);
    const old = await ok(undefined, 'GET', `${V2024}/offerings/${offering.id}/plans`);
    expect(old.data[0].id).to.equal(option.id);
    expect(old.data[0].attributes).not.to.have.property('lead_time');
    const edited = await ok(undefined, 'PUT', `${V2024}/offerings/${offering.id}/plans/${option.id}`, {
      type: 'subscription_offering_plan',
      attributes: { name: 'Monthly, renamed', lead_time: { type: 'day', time: 2 } },
    });
    expect(edited.data.attributes).not.to.have.property('lead_time');
    const now = await ok(
      'GetOfferingPricingOption',
      'GET',
      `${V2025}/offerings/${offering.id}/pricing-options/${option.id}`,
    );
    expect(now.data.attributes).to.include({ name: 'Monthly, renamed' });
    expect(now.data.attributes.lead_time, 'kept, and not written by the 2024 wire').to.deep.equal(WEEK);
  });

  const subscribe = async () => {
    const offering = await build();
    const option = await optionOf(offering);
    const plan = offering.relationships.plans.data[0].id;
    const made = await ok(
      'CreateSubscription',
      'POST',
      `${V2025}/subscriptions`,
      subscriptionData(offering.id, plan, {
        pricing_option_id: option.id,
        manual_payments: true,
        payment_authority: { type: 'elastic_path_payments_stripe', customer_id: 'cus_123', card_id: 'card_123' },
      }),
      201,
    );
    const held = await ok(
      'GetSubscriptionPricingOption',
      'GET',
      `${V2025}/subscriptions/${made.data.id}/pricing-options/${option.id}`,
    );
    expect(held.data.attributes.lead_time, "the subscription's snapshot keeps it").to.deep.equal(WEEK);
    return made.data.id as string;
  };
  const invoicesOf = async (id: string) =>
    (await ok('ListSubscriptionInvoices', 'GET', `${V2025}/subscriptions/${id}/invoices`)).data as Resource[];
  const february = (invoices: Resource[]) =>
    invoices.find((i) => i.attributes.billing_period.start.startsWith('2026-02-10'));

  it('invoices the next period a week ahead: pro_forma until valid_from, no payment before it, payable from it', async () => {
    const id = await subscribe();
    const [first] = await invoicesOf(id);
    expect(first.attributes).to.include({ pro_forma: false, valid_from: first.attributes.created_at });

    await move('2026-02-02T23:59:59.999Z');
    await run('billing-run');
    expect(february(await invoicesOf(id)), 'not before the lead time').to.equal(undefined);
    await move('2026-02-03T00:00:00.000Z');
    await run('billing-run');
    const ahead = february(await invoicesOf(id));
    expect(ahead.attributes).to.include({ pro_forma: true, valid_from: '2026-02-10T00:00:00.000000000Z' });
    const read = await ok('GetInvoice', 'GET', `${V2025}/invoices/${ahead.id}`);
    expect(read.data.attributes.pro_forma).to.equal(true);
    await run('billing-run');
    expect((await invoicesOf(id)).length, 'one invoice per period').to.equal(2);

    await run('payment-run');
    const payments = async (invoiceId: string) =>
      (await ok('ListInvoicePayments', 'GET', `${V2025}/invoices/${invoiceId}/payments`)).data as Resource[];
    expect(await payments(first.id), 'the first invoice is asked for').to.have.length(1);
    expect(await payments(ahead.id), 'a pro-forma invoice is not').to.have.length(0);

    await move('2026-02-10T00:00:00.000Z');
    expect(february(await invoicesOf(id)).attributes.pro_forma, 'a normal invoice from valid_from').to.equal(false);
    await run('payment-run');
    expect(await payments(ahead.id)).to.have.length(1);
  });

  it('a cancel before valid_from withdraws the pro-forma invoice: the subscription ends with its paid period', async () => {
    const id = await subscribe();
    await move('2026-02-05T00:00:00.000Z');
    await run('billing-run');
    const ahead = february(await invoicesOf(id));
    expect(ahead.attributes.pro_forma).to.equal(true);
    await ok(
      'CreateSubscriptionState',
      'POST',
      `${V2025}/subscriptions/${id}/states`,
      { type: 'subscription_state', attributes: { action: 'cancel' } },
      204,
    );
    expect(february(await invoicesOf(id))).to.equal(undefined);
    expect((await call('GetInvoice', 'GET', `${V2025}/invoices/${ahead.id}`)).status).to.equal(404);
    const subscription = await ok('GetSubscription', 'GET', `${V2025}/subscriptions/${id}`);
    expect(subscription.data.meta.timestamps.end_date).to.equal('2026-02-10T00:00:00.000000000Z');
    await move('2026-02-10T00:00:00.000Z');
    await run('billing-run');
    expect((await invoicesOf(id)).length, 'the canceled period is never invoiced').to.equal(1);
  });
});

describe("HTTP: pro_forma follows the store's test clock", () => {
  let api: TestApi;
  before(() => epccContract());
  beforeEach(async () => {
    api = await startTestApi({ testClocks: true });
  });
  afterEach(async () => api.close());

  const send = async (method: string, path: string, data?: unknown) => {
    const response = await api.request(path, { ...(data === undefined ? {} : jsonBody({ data })), method });
    const text = await response.text();
    expect(response.status, text).to.be.oneOf([200, 201]);
    return JSON.parse(text) as Resource;
  };
  const setClock = (now: string) =>
    send('PUT', `${V2025}/test-clock`, { type: 'subscription_test_clock', attributes: { now } });

  it('is made ahead at the store time, pro forma until the clock reaches valid_from', async () => {
    await setClock('2090-01-10T00:00:00.000Z');
    const offering = (
      await send('POST', `${V2025}/offerings/build`, {
        name: 'Tea club',
        plans: [{ name: 'Green tea', price: { USD: { amount: 1000, includes_tax: true } } }],
        pricing_options: [{ ...PLAN_ATTRIBUTES, name: 'Monthly', lead_time: { type: 'day', time: 3 } }],
      })
    ).data;
    const option = offering.relationships.pricing_options.data[0].id;
    const made = await send(
      'POST',
      `${V2025}/subscriptions`,
      subscriptionData(offering.id, offering.relationships.plans.data[0].id, {
        pricing_option_id: option,
        payment_authority: { type: 'elastic_path_payments_stripe', customer_id: 'cus_123', card_id: 'card_123' },
      }),
    );
    await setClock('2090-02-07T00:00:00.000Z');
    const at = new Date('2090-02-07T00:00:00.000Z');
    await runJob(api.container, aJob(api.store.store.id, 'billing-run', at), at);
    const invoices = async () =>
      ((await send('GET', `${V2025}/subscriptions/${made.data.id}/invoices`)).data as Resource[]).map((i) => [
        i.attributes.billing_period.start.slice(0, 10),
        i.attributes.pro_forma,
        i.attributes.created_at.slice(0, 10),
      ]);
    expect(await invoices()).to.have.deep.members([
      ['2090-01-10', false, '2090-01-10'],
      ['2090-02-10', true, '2090-02-07'],
    ]);
    await setClock('2090-02-10T00:00:00.000Z');
    expect(await invoices()).to.have.deep.members([
      ['2090-01-10', false, '2090-01-10'],
      ['2090-02-10', false, '2090-02-07'],
    ]);
  });
});
