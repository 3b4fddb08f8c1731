import { expect } from 'chai';
import { type BillingApi, startBillingApi } from '../support/billing-api.js';
import { planData, productData, subscriptionData } from '../support/subscription-core.js';

const S = '/v2/subscriptions';

/** One sample of the exposition text, by its name and labels as printed; 0 when absent. */
const sample = (text: string, series: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
};

describe('billing metrics, beside the HTTP ones', () => {
  let billing: BillingApi;
  beforeEach(async () => {
    billing = await startBillingApi({ kind: 'memory' });
  });
  afterEach(async () => billing.stop());

  const metrics = async (): Promise<string> => {
    const response = await billing.api.request('/metrics', { token: null });
    expect(response.status).to.equal(200);
    return response.text();
  };

  it('counts the jobs the workers finished with their durations, the invoices and payment attempts they made, and the jobs waiting', async () => {
    await billing.move('2030-01-01T00:00:00Z');
    const product = await billing.created(
      `${S}/products`,
      productData({ name: 'Beans', price: { USD: { amount: 1000, includes_tax: true } } }),
    );
    const plan = await billing.created(`${S}/plans`, planData({ name: 'Daily', billing_interval_type: 'day' }));
    const offering = await billing.created(`${S}/offerings/build`, {
      name: 'Club',
      products: [product.id],
      plans: [plan.id],
    });
    const copy = (offering.relationships!['plans'].data as { id: string }[])[0]!.id;
    for (const name of ['Ada', 'Grace', 'Edsger'])
      await billing.created(`${S}/subscriptions`, subscriptionData(offering.id, copy, { name }));
    const before = await metrics();

    await billing.move('2030-01-02T00:00:00Z');
    await billing.runJob({ job_type: 'billing-run' });
    await billing.runJob({ job_type: 'payment-run' });
    const after = await metrics();

    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delta('jobs_finished_total{job_type="billing-run",status="success"}')).to.equal(1);
    expect(delta('jobs_finished_total{job_type="payment-run",status="success"}')).to.equal(1);
    expect(delta('job_duration_seconds_count{job_type="billing-run",status="success"}')).to.equal(1);
    expect(delta('billing_invoices_total{outcome="ready_for_payment"}'), 'the second day of each').to.equal(3);
    expect(delta('billing_invoices_total{outcome="failed"}')).to.equal(0);
    // No gateway is configured: each of the six invoices' attempts fails.
    expect(delta('billing_payment_attempts_total{outcome="failed"}')).to.equal(6);
    expect(after).to.match(/^# TYPE jobs_waiting gauge$/m);
    expect(sample(after, 'jobs_waiting')).to.equal(0);
  });
});
