import { expect } from 'chai';
import { forEachBackend } from '../support/backends.js';
import { type BillingApi, type Resource, startBillingApi } from '../support/billing-api.js';
import { planData, productData, subscriptionData } from '../support/subscription-core.js';
import { jsonBody } from '../support/test-api.js';

const MAX = Number.MAX_SAFE_INTEGER;

/**
 * EPCC "always rounds down to the penny", over HTTP on every backend: plan discounts, `display_price`,
 * invoices and taxes (each rate on the whole invoice), exact up to the largest amount, 2^53 − 1.
 */
forEachBackend('Money over HTTP: rounded down, exact to the largest amount', (_backend, persistence) => {
  let billing: BillingApi;
  beforeEach(async () => {
    billing = await startBillingApi(persistence());
    await billing.move('2030-01-15T00:00:00Z');
  });
  afterEach(async () => billing.stop());

  const created = (path: string, data: unknown) => billing.created(path, data);
  const read = <A = Resource>(path: string) => billing.read<A>(path);
  const refused = async (path: string, data: unknown) => {
    const response = await billing.api.request(path, jsonBody({ data }));
    expect(response.status, path).to.equal(400);
    return ((await response.json()) as { errors: { source: string; detail: string }[] }).errors;
  };
  const errorAt = (errors: readonly { source: string }[], source: string) => errors.find((e) => e.source === source);
  const planOf = async (offeringId: string, planId: string) =>
    (await read<Resource[]>(`/v2/subscriptions/offerings/${offeringId}/plans`)).find((p) => p.id === planId)!;
  /** An offering of products at `amounts` (USD, tax excluded) with one plan; returns it and its plan copy. */
  const offeringOf = async (amounts: readonly number[], plan: Record<string, unknown> = {}) => {
    const products = await Promise.all(
      amounts.map((amount) =>
        created('/v2/subscriptions/products', productData({ price: { USD: { amount, includes_tax: false } } })),
      ),
    );
    const original = await created('/v2/subscriptions/plans', planData(plan));
    const offering = await created('/v2/subscriptions/offerings/build', {
      name: 'Club',
      products: products.map((p) => p.id),
      plans: [original.id],
    });
    return { offering, planId: (offering.relationships!['plans'].data as { id: string }[])[0]!.id };
  };
  const runJob = async (attributes: Record<string, unknown>): Promise<Resource> => {
    const done = await billing.runJob(attributes);
    expect(done.attributes['status']).to.equal('success');
    return done;
  };
  const invoicesOf = (subscriptionId: string) =>
    read<Resource[]>(`/v2/subscriptions/subscriptions/${subscriptionId}/invoices`);

  it("prices 1990 at 5 % off as 1890 in meta.price, display_price and the invoice; taxes the invoice's total once per rate", async () => {
    const discounted = await offeringOf([1990], { base_price_percentage: 5 });
    const plan = await planOf(discounted.offering.id, discounted.planId);
    expect(plan.meta['price']).to.deep.equal({ USD: { amount: 1890, includes_tax: false } });
    expect(plan.meta['display_price']['without_tax']).to.deep.equal({
      amount: 1890,
      currency: 'USD',
      formatted: '$18.90',
    });

    const lines = await offeringOf([999, 1]);
    const first = await created(
      '/v2/subscriptions/subscriptions',
      subscriptionData(discounted.offering.id, discounted.planId, { manual_payments: true }),
    );
    const second = await created(
      '/v2/subscriptions/subscriptions',
      subscriptionData(lines.offering.id, lines.planId, { manual_payments: true }),
    );
    await runJob({ job_type: 'billing-run' });
    const [invoice] = await invoicesOf(first.id);
    expect(invoice?.meta['price']).to.deep.equal({ currency: 'USD', amount: 1890, includes_tax: false });

    const [split] = await invoicesOf(second.id);
    const taxRun = await runJob({
      job_type: 'tax-run',
      taxes: [
        {
          invoice_id: split!.id,
          tax_items: [
            { type: 'tax_item', rate: 0.175, name: 'VAT' },
            { type: 'tax_item', rate: 0.2 },
          ],
        },
      ],
    });
    expect(taxRun.meta['report']).to.deep.equal({ invoices_updated: 1, invoice_failures: 0 });
    const taxed = await read(`/v2/subscriptions/invoices/${split!.id}`);
    // 999 + 1 = 1000: 175 and 200; rounded per line they would be 174 + 0 and 199 + 0.
    expect(taxed.attributes['tax_items'].map((t: { amount: number }) => t.amount)).to.deep.equal([175, 200]);
    expect(taxed.meta['price']).to.deep.equal({ currency: 'USD', amount: 1375, includes_tax: true });
  });

  it('taxes 1500 at the rate 0.058 as 87: the JSON rate is read as its decimal text and stored as written', async () => {
    const { offering, planId } = await offeringOf([1500]);
    const subscription = await created(
      '/v2/subscriptions/subscriptions',
      subscriptionData(offering.id, planId, { manual_payments: true }),
    );
    await runJob({ job_type: 'billing-run' });
    const [invoice] = await invoicesOf(subscription.id);
    await runJob({
      job_type: 'tax-run',
      taxes: [{ invoice_id: invoice!.id, tax_items: [{ type: 'tax_item', rate: 0.058, name: 'Sales tax' }] }],
    });
    const taxed = await read(`/v2/subscriptions/invoices/${invoice!.id}`);
    // 1500 × 58/1000 is 87 exactly; the console once sent 5.8 / 100, 0.057999999999999996, which is 86.99…: 86.
    expect(taxed.attributes['tax_items']).to.deep.equal([
      { type: 'tax_item', rate: 0.058, name: 'Sales tax', amount: 87 },
    ]);
    expect(taxed.meta['price']).to.deep.equal({ currency: 'USD', amount: 1587, includes_tax: true });
  });

  it('keeps the largest amount exact, refuses one above it naming the field, and refuses a price or a tax that would pass it', async () => {
    const tooLarge = await refused('/v2/subscriptions/products', productData({ price: { USD: { amount: MAX + 1 } } }));
    expect(errorAt(tooLarge, 'data.attributes.price.USD.amount')).to.deep.include({
      status: '400',
      title: 'Bad Request',
      detail: `data.attributes.price.USD.amount must be a whole number of minor units between 0 and ${MAX}`,
    });

    const beyond = await offeringOf([MAX, 1]);
    const plan = await planOf(beyond.offering.id, beyond.planId);
    expect(plan.meta['price'], 'no price that cannot be exact').to.deep.equal({});
    const errors = await refused(
      '/v2/subscriptions/subscriptions',
      subscriptionData(beyond.offering.id, beyond.planId),
    );
    expect(errorAt(errors, 'data.currency')).to.deep.include({
      status: '400',
      title: 'Bad Request',
      detail: `data.currency the plan's price in USD would exceed ${MAX} minor units`,
    });

    const largest = await offeringOf([MAX]);
    const subscription = await created(
      '/v2/subscriptions/subscriptions',
      subscriptionData(largest.offering.id, largest.planId, { manual_payments: true }),
    );
    await runJob({ job_type: 'billing-run' });
    const [invoice] = await invoicesOf(subscription.id);
    expect(invoice?.meta['price']).to.deep.equal({ currency: 'USD', amount: MAX, includes_tax: false });

    const overflow = await runJob({
      job_type: 'tax-run',
      taxes: [{ invoice_id: invoice!.id, tax_items: [{ type: 'tax_item', rate: 1e-15 }] }],
    });
    expect(overflow.meta['report'], 'a tax of 9 would pass the largest amount').to.deep.equal({
      invoices_updated: 0,
      invoice_failures: 1,
    });
    expect((await read(`/v2/subscriptions/invoices/${invoice!.id}`)).attributes).to.deep.include({
      tax_required: true,
      tax_items: [],
    });

    const fits = await runJob({
      job_type: 'tax-run',
      taxes: [{ invoice_id: invoice!.id, tax_items: [{ type: 'tax_item', rate: 1e-16 }] }],
    });
    expect(fits.meta['report']).to.deep.equal({ invoices_updated: 1, invoice_failures: 0 });
    const taxed = await read(`/v2/subscriptions/invoices/${invoice!.id}`);
    expect(taxed.attributes['tax_items']).to.deep.equal([{ type: 'tax_item', rate: 1e-16, amount: 0 }]);
    expect(taxed.meta['price']).to.deep.equal({ currency: 'USD', amount: MAX, includes_tax: true });
  });
});
