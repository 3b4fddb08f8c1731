import { expect } from 'chai';
import { TOKENS } from '../../src/application/tokens.js';
import { forEachBackend } from '../support/backends.js';
import { type BillingApi, type Resource, startBillingApi } from '../support/billing-api.js';
import { eventually } from '../support/job-harness.js';
import { planData, productData, subscriptionData } from '../support/subscription-core.js';
import { jsonBody, startTestApi } from '../support/test-api.js';

const clockDocument = (now: string) => ({ data: { type: 'subscription_test_clock', attributes: { now } } });

describe('the store test clock, off (TEST_CLOCKS unset)', () => {
  it('answers 404 on both of its routes, with and without /v2, and moves nothing', async () => {
    const api = await startTestApi();
    try {
      for (const path of ['/v2/subscriptions/test-clock', '/subscriptions/test-clock']) {
        expect((await api.request(path)).status).to.equal(404);
        const put = await api.request(path, { ...jsonBody(clockDocument('2099-01-01T00:00:00Z')), method: 'PUT' });
        expect(put.status).to.equal(404);
        expect((await api.request(path, { method: 'DELETE' })).status).to.equal(404);
      }
      expect(await api.container.get(TOKENS.TestClockRepository).find(api.store.store.id)).to.equal(undefined);
      expect(
        await (await api.request('/health/ready', { token: null })).json(),
        'readiness says nothing of them',
      ).not.to.have.property('test_clocks');
    } finally {
      await api.close();
    }
  });
});

/**
 * A store's billing month by month on its own clock (`TEST_CLOCKS=on`): the clock reads the system's time
 * until set, then holds what it is set to; subscriptions, billing runs and schedules take it as now.
 */
forEachBackend('The store test clock, on: billing month by month over HTTP', (_backend, persistence) => {
  let billing: BillingApi;
  beforeEach(async () => {
    billing = await startBillingApi(persistence());
  });
  afterEach(async () => billing.stop());

  const move = (now: string) =>
    billing.api.request('/v2/subscriptions/test-clock', { ...jsonBody(clockDocument(now)), method: 'PUT' });
  const clockReads = async (): Promise<string> =>
    ((await (await billing.api.request('/v2/subscriptions/test-clock')).json()) as { data: Resource }).data.attributes[
      'now'
    ];
  const created = (path: string, data: unknown) => billing.created(path, data);
  const read = <A = Resource>(path: string) => billing.read<A>(path);
  const finished = (job: Resource) => job.attributes['status'] === 'success' || job.attributes['status'] === 'failed';
  const runBilling = () => billing.runJob({ job_type: 'billing-run' });
  const invoiceStarts = async (): Promise<string[]> =>
    (await read<Resource[]>('/v2/subscriptions/invoices?page[limit]=100'))
      .map((i) => i.attributes['billing_period'].start.slice(0, 10))
      .sort();

  it('says so in readiness', async () => {
    const ready = (await (await billing.api.request('/health/ready', { token: null })).json()) as {
      test_clocks?: string;
    };
    expect(ready.test_clocks).to.equal('on');
  });

  it('reads the system time until set, then holds the time it is moved to, and refuses to go back', async () => {
    const before = Date.now();
    const first = Date.parse(await clockReads());
    expect(first).to.be.within(before - 1000, Date.now() + 1000);
    expect((await move('2010-01-01T00:00:00Z')).status, 'before the system time').to.equal(422);

    const moved = await move('2030-01-15T08:30:00Z');
    expect(moved.status).to.equal(200);
    expect(((await moved.json()) as { data: Resource }).data.attributes['now']).to.equal(
      '2030-01-15T08:30:00.000000000Z',
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await clockReads(), 'held still').to.equal('2030-01-15T08:30:00.000000000Z');
    expect(await clockReads(), 'also without /v2').to.equal(
      ((await (await billing.api.request('/subscriptions/test-clock')).json()) as { data: Resource }).data.attributes[
        'now'
      ],
    );

    const back = await move('2030-01-15T08:29:59.999Z');
    expect(back.status).to.equal(422);
    expect(((await back.json()) as { errors: { code: string }[] }).errors[0]!.code).to.equal('test_clock_backwards');
    expect((await move('2030-01-15T08:30:00Z')).status, 'staying put').to.equal(200);
    expect(
      (
        await billing.api.request('/v2/subscriptions/test-clock', {
          ...jsonBody({ data: { type: 'subscription_test_clock', attributes: { now: 'soon' } } }),
          method: 'PUT',
        })
      ).status,
    ).to.equal(400);
    expect(await clockReads()).to.equal('2030-01-15T08:30:00.000000000Z');
  });

  it('says whether it is set, and is cleared only once the system time has reached it', async () => {
    const reading = async (init: RequestInit = {}) => {
      const response = await billing.api.request('/v2/subscriptions/test-clock', init);
      return { status: response.status, body: (await response.json()) as { data: Resource } };
    };
    expect((await reading()).body.data.attributes['set'], 'never set').to.equal(false);
    expect((await reading({ method: 'DELETE' })).body.data.attributes['set'], 'clearing none').to.equal(false);
    // A moment ahead of the system time: set, and not cleared until the system time passes it.
    const ahead = new Date(Date.now() + 1500).toISOString();
    const moved = await move(ahead);
    expect(((await moved.json()) as { data: Resource }).data.attributes['set']).to.equal(true);
    expect((await reading()).body.data.attributes).to.deep.equal({
      now: `${ahead.slice(0, -1)}000000Z`,
      set: true,
    });
    const early = await reading({ method: 'DELETE' });
    expect(early.status).to.equal(422);
    expect((early.body as unknown as { errors: { code: string }[] }).errors[0]!.code).to.equal('test_clock_backwards');
    expect((await reading()).body.data.attributes['set'], 'still set').to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(ahead) - Date.now() + 50));
    const cleared = await reading({ method: 'DELETE' });
    expect(cleared.status).to.equal(200);
    expect(cleared.body.data.attributes['set']).to.equal(false);
    expect(Date.parse(cleared.body.data.attributes['now'])).to.be.at.least(Date.parse(ahead));
    const after = (await reading()).body.data.attributes;
    expect(after['set'], 'the system time again').to.equal(false);
    expect(Date.parse(after['now'])).to.be.within(Date.now() - 1000, Date.now() + 1000);
  });

  it('is read with a read-only key, and moved and cleared only with full access', async () => {
    const created = await billing.api.request(
      '/v2/application-keys',
      jsonBody({ data: { type: 'application_key', name: 'Reader', scopes: ['read-only'] } }),
    );
    const key = ((await created.json()) as { data: { client_id: string; client_secret: string } }).data;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: key.client_id,
      client_secret: key.client_secret,
    });
    const token = (
      (await (
        await billing.api.request('/oauth/access_token', { method: 'POST', body: form, token: null })
      ).json()) as { access_token: string }
    ).access_token;
    expect((await billing.api.request('/v2/subscriptions/test-clock', { token })).status).to.equal(200);
    const put = await billing.api.request('/v2/subscriptions/test-clock', {
      ...jsonBody(clockDocument('2099-01-01T00:00:00Z')),
      method: 'PUT',
      token,
    });
    expect(put.status).to.equal(403);
    expect((await billing.api.request('/v2/subscriptions/test-clock', { method: 'DELETE', token })).status).to.equal(
      403,
    );
  });

  it("bills each month the clock passes, at the clock's time, and fires each schedule instant it passes once", async () => {
    expect((await move('2030-01-15T00:00:00Z')).status).to.equal(200);
    const product = await created(
      '/v2/subscriptions/products',
      productData({ name: 'Beans', price: { USD: { amount: 1000, includes_tax: true } } }),
    );
    const plan = await created('/v2/subscriptions/plans', planData({ name: 'Monthly' }));
    const offering = await created('/v2/subscriptions/offerings/build', {
      name: 'Club',
      products: [product.id],
      plans: [plan.id],
    });
    const copy = (offering.relationships!['plans'].data as { id: string }[])[0]!.id;
    const subscription = await created(
      '/v2/subscriptions/subscriptions',
      subscriptionData(offering.id, copy, { manual_payments: true }),
    );
    expect(subscription.meta['timestamps']['created_at']).to.equal('2030-01-15T00:00:00.000000000Z');

    await runBilling();
    const afterFirst = await invoiceStarts();
    expect(afterFirst, "the first period, at the clock's time").to.include('2030-01-15');
    expect(
      afterFirst.filter((d) => d > '2030-01-15'),
      'nothing ahead of the clock',
    ).to.deep.equal([]);

    const invoiceAfter = async () =>
      (await read(`/v2/subscriptions/subscriptions/${subscription.id}`)).meta['invoice_after'] as string;
    expect(await invoiceAfter(), 'January invoiced: next eligible on 15 February').to.equal(
      '2030-02-15T00:00:00.000000000Z',
    );
    // Two months behind: one invoice a run (EPCC), February first, then March.
    expect((await move('2030-03-16T00:00:00Z')).status).to.equal(200);
    await runBilling();
    expect(await invoiceStarts()).to.deep.equal(['2030-01-15', '2030-02-15']);
    expect(await invoiceAfter()).to.equal('2030-03-15T00:00:00.000000000Z');
    await runBilling();
    expect(await invoiceStarts()).to.deep.equal(['2030-01-15', '2030-02-15', '2030-03-15']);
    expect(await invoiceAfter()).to.equal('2030-04-15T00:00:00.000000000Z');
    const invoices = await read<Resource[]>('/v2/subscriptions/invoices?page[limit]=100');
    const latest = invoices.find((i) => i.attributes['billing_period'].start.startsWith('2030-03-15'))!;
    expect(latest.meta['timestamps']['created_at'], "made at the clock's time").to.equal(
      '2030-03-16T00:00:00.000000000Z',
    );

    // Billing on the 1st of each month at midnight UTC: a move over three firsts starts three runs, which
    // run at the clock's time (2 June): April, May, then nothing due before 15 June.
    await created('/v2/subscriptions/schedules', {
      type: 'subscription_schedule',
      attributes: { specification: '0 0 1 * *', location: 'UTC', job: { job_type: 'billing-run' } },
    });
    const billingRuns = async () =>
      (await read<Resource[]>('/v2/subscriptions/jobs?page[limit]=100')).filter(
        (j) => j.attributes['job_type'] === 'billing-run',
      );
    const before = (await billingRuns()).length;
    expect((await move('2030-06-02T00:00:00Z')).status).to.equal(200);
    expect((await billingRuns()).length - before).to.equal(3);
    // Runs take the store's time when they run: let them run before the clock moves on.
    await eventually(billingRuns, (runs) => runs.every(finished));
    expect(await invoiceStarts()).to.deep.equal(['2030-01-15', '2030-02-15', '2030-03-15', '2030-04-15', '2030-05-15']);
    expect((await move('2030-06-02T00:00:00Z')).status).to.equal(200);
    expect((await move('2030-06-20T00:00:00Z')).status).to.equal(200);
    expect((await billingRuns()).length - before, 'no instant passed twice, none between').to.equal(3);
  });
});
