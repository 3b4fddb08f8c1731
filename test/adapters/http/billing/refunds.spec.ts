import { expect } from 'chai';
import { type BillingApi, type Resource, startBillingApi } from '../../../support/billing-api.js';
import { errorBody } from '../../../support/error-body.js';
import { planData, productData, subscriptionData } from '../../../support/subscription-core.js';
import { jsonBody } from '../../../support/test-api.js';

const V2025 = '/generations/2025/v2/subscriptions';

/**
 * EPCC 2026-10's refunds of invoice payments over a real socket, every answer held to EPCC's 2026-10
 * document: a taken manual payment refunded in parts, never past what it took, at the store's test clock.
 */
describe('HTTP: refunds of invoice payments (EPCC 2026-10, the 2025 generation)', () => {
  let billing: BillingApi;
  let invoiceId: string;
  let paymentId: string;

  const refund = (attributes: unknown, init: { headers?: Record<string, string>; base?: string } = {}) =>
    billing.api.request(`${init.base ?? V2025}/invoices/${invoiceId}/payments/${paymentId}/refunds`, {
      ...jsonBody({ data: { type: 'subscription_invoice_payment_refund', attributes } }),
      ...(init.headers === undefined ? {} : { headers: { 'Content-Type': 'application/json', ...init.headers } }),
    });
  const payment = () => billing.read(`/v2/subscriptions/invoices/${invoiceId}/payments/${paymentId}`);
  const codeOf = async (response: Response) => [response.status, (await errorBody(response)).errors[0]?.['code']];

  /** A subscription with manual payments, its first invoice (12.50, tax included) pending payment. */
  const pendingManualPayment = async () => {
    await billing.move('2027-03-01T10:00:00.000Z');
    const product = await billing.created(
      '/v2/subscriptions/products',
      productData({ price: { USD: { amount: 1250, includes_tax: true } } }),
    );
    const plan = await billing.created('/v2/subscriptions/plans', planData());
    const offering = await billing.created('/v2/subscriptions/offerings/build', {
      name: 'Club',
      products: [product.id],
      plans: [plan.id],
    });
    const subscription = await billing.created(
      '/v2/subscriptions/subscriptions',
      subscriptionData(offering.id, offering.relationships!['plans'].data[0].id, { manual_payments: true }),
    );
    const [invoice] = await billing.read<Resource[]>(`/v2/subscriptions/subscriptions/${subscription.id}/invoices`);
    invoiceId = invoice!.id;
    await billing.runJob({ job_type: 'payment-run' });
    const [pending] = await billing.read<Resource[]>(`/v2/subscriptions/invoices/${invoiceId}/payments`);
    paymentId = pending!.id;
  };
  const settle = async () => {
    const settled = await billing.api.request(`/v2/subscriptions/invoices/${invoiceId}/payments/${paymentId}`, {
      ...jsonBody({ data: { type: 'subscription_invoice_payment', attributes: { success: true } } }),
      method: 'PUT',
    });
    expect(settled.status, await settled.clone().text()).to.equal(200);
  };

  beforeEach(async () => {
    billing = await startBillingApi({ kind: 'memory' });
  });
  afterEach(async () => billing.stop());

  it('refunds a taken manual payment in parts at the store time, lists and reads them; the invoice stays paid', async () => {
    await pendingManualPayment();
    await settle();
    await billing.move('2027-03-05T12:00:00.000Z');
    const first = await refund({ amount: 500, reason: 'Customer requested cancellation' });
    expect(first.status, await first.clone().text()).to.equal(201);
    const made = ((await first.json()) as { data: Resource }).data;
    expect(made).to.deep.include({ type: 'subscription_invoice_payment_refund' });
    expect(made.attributes).to.deep.equal({
      amount: 500,
      reason: 'Customer requested cancellation',
      gateway: 'manual',
      external_refund_id: made.id,
      created_at: '2027-03-05T12:00:00.000000000Z',
    });
    expect(made.meta).to.deep.include({ currency: 'USD', invoice_id: invoiceId, payment_id: paymentId });
    expect((await payment()).meta).to.deep.include({ amount_refunded: 500, refunded: false });

    const over = await refund({ amount: 751, reason: 'too much' });
    expect(await codeOf(over)).to.deep.equal([422, 'payment_not_refundable']);
    const rest = await refund({ amount: 750, reason: 'the rest', external_refund_id: 'transfer-77' });
    expect(rest.status).to.equal(201);
    expect(((await rest.json()) as { data: Resource }).data.attributes['external_refund_id']).to.equal('transfer-77');
    expect((await payment()).meta).to.deep.include({ amount_refunded: 1250, refunded: true });
    expect(await codeOf(await refund({ amount: 1, reason: 'once more' }))).to.deep.equal([
      422,
      'payment_not_refundable',
    ]);

    const listed = await billing.read<Resource[]>(`${V2025}/invoices/${invoiceId}/payments/${paymentId}/refunds`);
    expect(
      listed.map((r) => r.attributes['amount']),
      'oldest first',
    ).to.deep.equal([500, 750]);
    expect(await billing.read(`${V2025}/invoices/${invoiceId}/payments/${paymentId}/refunds/${made.id}`)).to.deep.equal(
      made,
    );
    const invoice = await billing.read(`${V2025}/invoices/${invoiceId}`);
    expect(invoice.attributes['outstanding'], 'a refunded invoice stays paid').to.equal(false);
  });

  it('answers a repeated Idempotency-Key with the first answer, refunding once', async () => {
    await pendingManualPayment();
    await settle();
    const headers = { 'Idempotency-Key': 'refund-once' };
    const first = await refund({ amount: 300, reason: 'goodwill' }, { headers });
    const again = await refund({ amount: 300, reason: 'goodwill' }, { headers });
    expect([first.status, again.status]).to.deep.equal([201, 201]);
    expect(await again.json()).to.deep.equal(await first.json());
    expect((await payment()).meta).to.deep.include({ amount_refunded: 300 });
  });

  it('refuses a payment not taken (422), a bad body field by field (400), unknown ids (404), and a 2024 store (404)', async () => {
    await pendingManualPayment();
    expect(await codeOf(await refund({ amount: 100, reason: 'early' }))).to.deep.equal([422, 'payment_not_refundable']);
    await settle();
    const invalid = await refund({ amount: 0, reason: '' });
    expect(invalid.status).to.equal(400);
    expect((await errorBody(invalid)).errors.map((e) => e['source'])).to.have.members([
      'data.attributes.amount',
      'data.attributes.reason',
    ]);
    expect((await refund({ amount: 1.5, reason: 'x' })).status).to.equal(400);
    const missing = await billing.api.request(
      `${V2025}/invoices/${invoiceId}/payments/00000000-0000-4000-8000-000000000000/refunds`,
    );
    expect(missing.status).to.equal(404);
    const noRefund = await billing.api.request(
      `${V2025}/invoices/${invoiceId}/payments/${paymentId}/refunds/00000000-0000-4000-8000-000000000000`,
    );
    expect(noRefund.status).to.equal(404);
    const on2024 = await refund({ amount: 100, reason: 'x' }, { base: '/v2/subscriptions' });
    expect(on2024.status, 'an operation of the 2025 generation only').to.equal(404);
    expect((await payment()).meta).to.deep.include({ amount_refunded: 0 });
  });
});
