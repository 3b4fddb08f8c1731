import { expect } from 'chai';
import { forEachBackend } from '../support/backends.js';
import { type BillingApi, type Resource, startBillingApi } from '../support/billing-api.js';
import { planData, productData, subscriptionData } from '../support/subscription-core.js';
import { jsonBody } from '../support/test-api.js';

/**
 * Dunning over HTTP on a store's test clock (`TEST_CLOCKS=on`): a manual payment failed at every attempt
 * is retried on the rule's schedule until its limit, then the rule's action applies; a suspended
 * subscription is not billed until a requested attempt pays, and one closed resumes only once paid.
 */
forEachBackend('Dunning that ends somewhere, over HTTP on the test clock', (_backend, persistence) => {
  let billing: BillingApi;
  beforeEach(async () => {
    billing = await startBillingApi(persistence());
  });
  afterEach(async () => billing.stop());

  const move = (now: string) => billing.move(now);
  const created = (path: string, data: unknown) => billing.created(path, data);
  const read = <A = Resource>(path: string) => billing.read<A>(path);
  const send = (path: string, method: string, data?: unknown) =>
    billing.api.request(path, { ...(data === undefined ? {} : jsonBody({ data })), method });
  const errorCode = async (response: Response): Promise<string> =>
    ((await response.json()) as { errors: { code: string }[] }).errors[0]!.code;
  const run = async (jobType: 'billing-run' | 'payment-run'): Promise<Resource> => {
    const done = await billing.runJob({ job_type: jobType });
    expect(done.attributes['status'], JSON.stringify(done)).to.equal('success');
    return done;
  };

  const subscribe = async (rule: Record<string, unknown>) => {
    await move('2030-01-15T00:00:00Z');
    await created('/v2/subscriptions/dunning-rules', {
      type: 'subscription_dunning_rule',
      attributes: { default: true, ...rule },
    });
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
    await run('billing-run');
    const [invoice] = await read<Resource[]>(`/v2/subscriptions/subscriptions/${subscription.id}/invoices`);
    const path = `/v2/subscriptions/invoices/${invoice!.id}`;
    const payments = async () => read<Resource[]>(`${path}/payments?page[limit]=100`);
    /** A payment run; when it made a pending manual payment, the merchant settles it as `success` says. */
    const attempt = async (success: boolean): Promise<boolean> => {
      const before = (await payments()).length;
      await run('payment-run');
      const after = await payments();
      if (after.length === before) return false;
      const pending = after[after.length - 1]!;
      expect(pending.attributes['status']).to.equal('pending');
      const attributes = success
        ? { success: true, external_payment_id: 'cash-1' }
        : { success: false, failure_detail: { reason: 'the card was declined' } };
      const settled = await send(`${path}/payments/${pending.id}`, 'PUT', {
        type: 'subscription_invoice_payment',
        attributes,
      });
      expect(settled.status, await settled.clone().text()).to.equal(200);
      return true;
    };
    const meta = async () => (await read(`/v2/subscriptions/subscriptions/${subscription.id}`)).meta;
    const starts = async () =>
      (await read<Resource[]>(`/v2/subscriptions/subscriptions/${subscription.id}/invoices?page[limit]=100`))
        .map((i) => i.attributes['billing_period'].start.slice(0, 10))
        .sort();
    return { subscription, path, payments, attempt, meta, starts, invoice: () => read(path) };
  };

  it('backoff ×2 from one day, two retries, then suspend: not billed while suspended; a requested attempt that pays lifts it', async () => {
    const t = await subscribe({
      payment_retry_type: 'backoff',
      payment_retry_unit: 'day',
      payment_retry_interval: 1,
      payment_retry_multiplier: 2,
      payment_retries_limit: 2,
      action: 'suspend',
    });
    // Attempt at 15 Jan; retry 1 after one day (16 Jan); retry 2 two days after that (18 Jan).
    const schedule: Array<[string, boolean]> = [
      ['2030-01-15T00:00:00Z', true],
      ['2030-01-15T23:59:59Z', false],
      ['2030-01-16T00:00:00Z', true],
      ['2030-01-17T23:59:59Z', false],
      ['2030-01-18T00:00:00Z', true],
      ['2030-01-25T00:00:00Z', false],
    ];
    for (const [now, attempted] of schedule) {
      await move(now);
      expect(await t.attempt(false), `a payment run at ${now}`).to.equal(attempted);
    }
    expect((await t.invoice()).attributes).to.deep.include({ outstanding: true, payment_retries_limit_reached: true });
    expect(await t.meta()).to.deep.include({ suspended: true, canceled: false, status: 'active' });

    await move('2030-03-16T00:00:00Z');
    await run('billing-run');
    expect(await t.starts(), 'not billed while suspended').to.deep.equal(['2030-01-15']);
    expect(await t.attempt(false), 'not retried while spent').to.equal(false);

    const requested = await send(`${t.path}/payment-attempt-requests`, 'POST');
    expect(requested.status, await requested.clone().text()).to.equal(200);
    expect(((await requested.json()) as { data: Resource }).data.attributes).to.deep.include({
      payment_retries_limit_reached: false,
      outstanding: true,
    });
    expect(await t.attempt(true), 'the requested attempt, at once').to.equal(true);
    expect((await t.invoice()).attributes).to.deep.include({ outstanding: false, payment_retries_limit_reached: true });
    expect(await t.meta()).to.deep.include({ suspended: false });
    expect(await errorCode(await send(`${t.path}/payment-attempt-requests`, 'POST'))).to.equal('invoice_paid');

    await move('2030-04-16T00:00:00Z');
    await run('billing-run');
    expect(await t.starts(), 'February is never billed; March, running when it lifted, is, one a run').to.deep.equal([
      '2030-01-15',
      '2030-03-15',
    ]);
    await run('billing-run');
    expect(await t.starts(), 'April at the next run').to.deep.equal(['2030-01-15', '2030-03-15', '2030-04-15']);
    expect((await t.payments()).map((p) => p.attributes['status'])).to.deep.equal([
      'failed',
      'failed',
      'failed',
      'succeeded',
    ]);
  });

  it('no retries, then close: resume is refused until the invoice is paid, then allowed', async () => {
    const t = await subscribe({ payment_retry_type: 'fixed', payment_retries_limit: 0, action: 'close' });
    const early = await send(`${t.path}/payment-attempt-requests`, 'POST');
    expect([early.status, await errorCode(early)]).to.deep.equal([422, 'payment_retries_left']);
    expect(await t.attempt(false)).to.equal(true);
    expect(await t.meta()).to.deep.include({ canceled: true });
    const resume = { type: 'subscription_state', attributes: { action: 'resume' } };
    const states = `/v2/subscriptions/subscriptions/${t.subscription.id}/states`;
    const history = async () =>
      (await read<Resource[]>(states)).map((state) => [state.attributes['action'], state.meta['closed']]);
    expect(await history(), "closed at the store clock's time, in the history").to.deep.equal([['cancel', true]]);
    const refused = await send(states, 'POST', resume);
    expect([refused.status, await errorCode(refused)]).to.deep.equal([422, 'invoice_unpaid']);

    await move('2030-02-20T00:00:00Z');
    expect((await send(`${t.path}/payment-attempt-requests`, 'POST')).status).to.equal(200);
    expect(await t.attempt(true)).to.equal(true);
    expect(await t.meta(), 'paying alone does not resume').to.deep.include({ canceled: true });
    expect((await send(states, 'POST', resume)).status).to.equal(204);
    // Dunning's close made it `inactive` (EPCC: "its status becomes inactive"); a resume alone leaves it so.
    expect(await t.meta()).to.deep.include({ canceled: false, closed: false, status: 'inactive' });
    expect(await history()).to.deep.equal([
      ['cancel', true],
      ['resume', false],
    ]);
    await run('billing-run');
    expect(await t.starts(), 'billed again from the resume, the closed month not').to.deep.equal([
      '2030-01-15',
      '2030-02-15',
    ]);
    // EPCC: "Once the payment succeeds then the payment run updates the status of the subscription to active".
    await run('payment-run');
    const invoices = await read<Resource[]>(`/v2/subscriptions/subscriptions/${t.subscription.id}/invoices`);
    const february = invoices.find((i) => i.attributes['billing_period'].start.startsWith('2030-02-15'))!;
    const [pending] = await read<Resource[]>(`/v2/subscriptions/invoices/${february.id}/payments`);
    const settled = await send(`/v2/subscriptions/invoices/${february.id}/payments/${pending!.id}`, 'PUT', {
      type: 'subscription_invoice_payment',
      attributes: { success: true, external_payment_id: 'cash-2' },
    });
    expect(settled.status).to.equal(200);
    expect(await t.meta()).to.deep.include({ status: 'active' });
  });

  it('refuses a dunning rule with a limit above 20, and a requested attempt for an unknown invoice', async () => {
    const refused = await send('/v2/subscriptions/dunning-rules', 'POST', {
      type: 'subscription_dunning_rule',
      attributes: { payment_retry_type: 'tiered', payment_retries_limit: 21, action: 'close' },
    });
    expect(refused.status).to.equal(400);
    expect(((await refused.json()) as { errors: { source: string }[] }).errors.map((e) => e.source)).to.deep.equal([
      'data.attributes.payment_retries_limit',
    ]);
    expect(
      (await send('/v2/subscriptions/invoices/00000000-0000-4000-8000-000000000000/payment-attempt-requests', 'POST'))
        .status,
    ).to.equal(404);
    expect((await send('/subscriptions/invoices/not-a-uuid/payment-attempt-requests', 'POST')).status).to.equal(404);
  });
});
