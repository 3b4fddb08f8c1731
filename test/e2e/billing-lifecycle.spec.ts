import { expect } from 'chai';
import { pino } from 'pino';
import type { BackgroundJobQueue } from '../../src/adapters/jobs/background-job-queue.js';
import { type RunningJobs, startJobs } from '../../src/adapters/jobs/start-jobs.js';
import { TOKENS } from '../../src/application/tokens.js';
import { forEachBackend } from '../support/backends.js';
import { eventually } from '../support/job-harness.js';
import { planData, productData, subscriptionData } from '../support/subscription-core.js';
import { TestClock } from '../support/system-fakes.js';
import { jsonBody, LogCapture, startTestApi, type TestApi } from '../support/test-api.js';

type Resource = {
  id: string;
  type: string;
  attributes: Record<string, any>;
  meta: Record<string, any>;
  relationships?: Record<string, any>;
};

const DAY = 86_400_000;
const day = (iso: string) => iso.slice(0, 10);

/**
 * Fourteen months of a store's billing through the HTTP API and the service's own job workers: jobs
 * POSTed and polled, taxes added by tax runs, manual payments settled or bounced, a gateway the service
 * does not have failing every attempt, and every invoice's period, total and state checked at the end.
 */
forEachBackend('Billing over fourteen months, over HTTP with the job workers running', (_backend, persistence) => {
  let api: TestApi;
  let clock: TestClock;
  let jobs: RunningJobs;
  let token: string;

  beforeEach(async () => {
    clock = new TestClock(new Date('2026-01-01T00:00:00.000Z'));
    api = await startTestApi({
      persistence: persistence(),
      configure: (c) => c.rebind(TOKENS.Clock).toConstantValue(clock),
    });
    jobs = await startJobs(api.container, api.container.get(TOKENS.JobQueue) as BackgroundJobQueue, {
      log: pino({ level: 'warn' }, new LogCapture()),
    });
  });
  afterEach(async () => {
    await jobs.stop();
    await api.close();
  });

  /** Tokens live an hour of the test's clock, so each step after a jump in time takes a fresh one. */
  const at = async (instant: string | Date) => {
    clock.set(new Date(instant));
    token = await api.token();
  };
  const send = async (path: string, init: RequestInit = {}) => api.request(path, { ...init, token });
  const created = async (path: string, data: unknown): Promise<Resource> => {
    const response = await send(path, jsonBody({ data }));
    expect(response.status, `${path}: ${await response.clone().text()}`).to.equal(201);
    return ((await response.json()) as { data: Resource }).data;
  };
  const read = async <A = Resource>(path: string): Promise<A> => {
    const response = await send(path);
    expect(response.status, path).to.equal(200);
    return ((await response.json()) as { data: A }).data;
  };
  const runJob = async (attributes: Record<string, unknown>): Promise<Resource> => {
    const job = await created('/v2/subscriptions/jobs', { type: 'subscription_job', attributes });
    expect(job.attributes['status']).to.equal('pending');
    const done = await eventually(
      () => read(`/v2/subscriptions/jobs/${job.id}`),
      (j) => j.attributes['status'] === 'success' || j.attributes['status'] === 'failed',
    );
    expect(done.attributes['status'], JSON.stringify(done.meta)).to.equal('success');
    return done;
  };
  const invoices = (query = '') => read<Resource[]>(`/v2/subscriptions/invoices?page[limit]=100${query}`);

  it('bills each period once, taxes, collects and retries, with exact totals and gapless numbers', async () => {
    await at('2026-01-01T00:00:00.000Z');
    const product = await created(
      '/v2/subscriptions/products',
      productData({ name: 'Beans', price: { USD: { amount: 1000, includes_tax: false } } }),
    );
    const plan = (attributes: Record<string, unknown>) => created('/v2/subscriptions/plans', planData(attributes));
    const plans = [
      await plan({ name: 'Monthly' }),
      await plan({ name: 'Trial first', trial_period: 1 }),
      await plan({
        name: 'Six instalments',
        end_behavior: 'close',
        plan_length: 6,
        fixed_price: { USD: { amount: 5000, includes_tax: true } },
      }),
    ];
    const offering = await created('/v2/subscriptions/offerings/build', {
      name: 'Coffee club',
      products: [product.id],
      plans: plans.map((p) => p.id),
    });
    const copyOf = (name: string) => {
      const copies = offering.relationships?.['plans'].data as { id: string }[];
      return copies[plans.findIndex((p) => p.attributes['name'] === name)]!.id;
    };
    const subscribe = async (start: string, planName: string, fields: Record<string, unknown>) => {
      await at(start);
      return created('/v2/subscriptions/subscriptions', subscriptionData(offering.id, copyOf(planName), fields));
    };
    const endOfJanuary = await subscribe('2026-01-31T09:15:00.000Z', 'Monthly', {
      manual_payments: true,
      name: 'End of January',
    });
    const onTrial = await subscribe('2026-02-15T12:00:00.000Z', 'Trial first', {
      manual_payments: true,
      name: 'On trial',
    });
    const instalments = await subscribe('2026-03-10T00:00:00.000Z', 'Six instalments', {
      manual_payments: true,
      name: 'Instalments',
    });
    const noGateway = await subscribe('2026-01-05T00:00:00.000Z', 'Monthly', {
      name: 'Card on a gateway this service lacks',
    });

    for (let month = 0; month < 14; month += 1) {
      await at(new Date(Date.UTC(2026, 1 + month, 1)));
      const billing = await runJob({ job_type: 'billing-run', external_ref: `billing-${month}` });
      expect(billing.meta['report']['invoice_failures']).to.equal(0);
      const needingTax = await invoices('&filter=eq(tax_required,true)');
      if (needingTax.length > 0) {
        const taxes = needingTax.map((i) => ({
          invoice_id: i.id,
          tax_items: [{ type: 'tax_item', name: 'VAT', rate: 0.2, jurisdiction: 'GB' }],
        }));
        const taxed = await runJob({ job_type: 'tax-run', taxes });
        expect(taxed.meta['report']).to.deep.equal({ invoices_updated: needingTax.length, invoice_failures: 0 });
      }
      await runJob({ job_type: 'payment-run' });
      // Half a day later the merchant settles the manual payments: the end-of-January ones bounce in odd months.
      await at(new Date(clock.now().getTime() + DAY / 2));
      for (const invoice of (await invoices('&filter=eq(outstanding,true)')).filter(
        (i) => i.attributes['manual_payment_pending'] === true,
      )) {
        const payments = await read<Resource[]>(`/v2/subscriptions/invoices/${invoice.id}/payments`);
        const pending = payments.find((p) => p.attributes['status'] === 'pending')!;
        expect(pending.attributes['amount']['amount']).to.equal(invoice.meta['price']['amount']);
        const success = invoice.meta['subscription_id'] !== endOfJanuary.id || month % 2 === 0;
        const attributes = success
          ? { success: true, external_payment_id: `cash-${month}` }
          : { success: false, failure_detail: { reason: 'cheque bounced' } };
        const settled = await send(`/v2/subscriptions/invoices/${invoice.id}/payments/${pending.id}`, {
          ...jsonBody({ data: { type: 'subscription_invoice_payment', attributes } }),
          method: 'PUT',
        });
        expect(settled.status).to.equal(200);
        expect((await read(`/v2/subscriptions/invoices/${invoice.id}`)).attributes['outstanding']).to.equal(!success);
      }
    }

    const all = await invoices();
    const of = (subscription: Resource) =>
      all
        .filter((i) => i.meta['subscription_id'] === subscription.id)
        .sort((a, b) => a.attributes['billing_period'].start.localeCompare(b.attributes['billing_period'].start));
    const starts = (list: Resource[]) => list.map((i) => day(i.attributes['billing_period'].start));
    const monthly = (from: number, count: number, dayOfMonth: number) =>
      Array.from({ length: count }, (_, i) => day(new Date(Date.UTC(2026, from + i, dayOfMonth)).toISOString()));

    // Month ends clamp and come back: 31 January, 28 February, 31 March...
    const january = of(endOfJanuary);
    expect(starts(january)).to.deep.equal([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
    ]);
    for (const invoice of january) {
      expect(invoice.attributes['billing_period'].start.slice(10)).to.equal('T09:15:00.000000000Z');
      expect(invoice.attributes['tax_items'].map((t: { name: string }) => t.name)).to.deep.equal(['VAT']);
      expect(invoice.meta['price']).to.deep.equal({ currency: 'USD', amount: 1200, includes_tax: true });
    }
    // Each bounce is paid by the next month's settlement; the last month bounced, so its invoice waits.
    expect(january.map((i) => i.attributes['outstanding'])).to.deep.equal([...Array(13).fill(false), true]);

    const trial = of(onTrial);
    expect(starts(trial)).to.deep.equal(['2026-02-15', ...monthly(2, 12, 15)]);
    expect(trial[0]!.meta['price']['amount']).to.equal(0);
    expect(trial[0]!.attributes['outstanding']).to.equal(false);
    expect(trial.slice(1).every((i) => i.meta['price']['amount'] === 1200 && !i.attributes['outstanding'])).to.equal(
      true,
    );

    const closing = of(instalments);
    expect(starts(closing)).to.deep.equal(monthly(2, 6, 10));
    expect(
      closing.every(
        (i) =>
          i.meta['price'].amount === 5000 &&
          i.meta['price'].includes_tax === true &&
          i.attributes['tax_items'].length === 0 &&
          !i.attributes['outstanding'],
      ),
    ).to.equal(true);

    // Every attempt through the missing gateway fails, saying why; the first invoice runs out of retries (1 + 10).
    const unpaid = of(noGateway);
    expect(starts(unpaid)).to.deep.equal(monthly(0, 14, 5));
    expect(unpaid.every((i) => i.attributes['outstanding'] === true)).to.equal(true);
    const attempts = await read<Resource[]>(
      `/v2/subscriptions/subscriptions/${noGateway.id}/invoices/${unpaid[0]!.id}/payments`,
    );
    expect(attempts).to.have.length(11);
    expect(
      attempts.every(
        (p) =>
          p.attributes['success'] === false &&
          /platform_payments_processor/.test(p.attributes['failure_detail'].reason),
      ),
    ).to.equal(true);
    expect(unpaid[0]!.attributes['payment_retries_limit_reached']).to.equal(true);
    expect(unpaid[unpaid.length - 1]!.attributes['payment_retries_limit_reached']).to.equal(false);

    const numbers = all.map((i) => i.attributes['number'] as number).sort((a, b) => a - b);
    expect(numbers).to.deep.equal(Array.from({ length: 14 + 13 + 6 + 14 }, (_, i) => i + 1));
    const billingJobs = await read<Resource[]>('/v2/subscriptions/jobs?filter=eq(external_ref,billing-3)');
    expect(billingJobs.map((j) => j.meta['report']['invoices_tax_required'])).to.deep.equal([3]);
  });
});
