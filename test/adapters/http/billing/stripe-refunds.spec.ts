import { expect } from 'chai';
import { forEachBackend } from '../../../support/backends.js';
import { FakeStripe } from '../../../support/fake-stripe.js';
import { STRIPE_TEST_SECRET, startStripeApi } from '../../../support/stripe-paid.js';
import type { TestApi } from '../../../support/test-api.js';
import { jsonBody } from '../../../support/test-api.js';

const V2025 = '/generations/2025/v2/subscriptions';
const PAID = 1250;

type Doc = { data: { id: string; attributes: Record<string, any>; meta: Record<string, any> } };

/** Refunds of a payment Stripe took, over a real socket: through Stripe, in parts and whole, once each. */
forEachBackend('HTTP: refunds of a Stripe payment through Stripe', (_backend, persistence) => {
  const stripe = new FakeStripe([STRIPE_TEST_SECRET]);
  before(() => stripe.start());
  after(() => stripe.stop());
  let setup: Awaited<ReturnType<typeof startStripeApi>>;
  let api: TestApi;
  beforeEach(async () => {
    setup = await startStripeApi(stripe, persistence(), PAID);
    api = setup.api;
  });
  afterEach(() => api.close());

  const refundsPath = (p: { invoiceId: string; paymentId: string }) =>
    `${V2025}/invoices/${p.invoiceId}/payments/${p.paymentId}/refunds`;
  const refund = (p: { invoiceId: string; paymentId: string }, amount: number, headers: Record<string, string> = {}) =>
    api.request(refundsPath(p), {
      ...jsonBody({ data: { type: 'subscription_invoice_payment_refund', attributes: { amount, reason: 'r' } } }),
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  const paymentOf = (p: { invoiceId: string; paymentId: string }) =>
    setup.send<Doc>(`/v2/subscriptions/invoices/${p.invoiceId}/payments/${p.paymentId}`);
  const stripeRefunds = (paymentIntent: string) => stripe.refunds.filter((r) => r.paymentIntent === paymentIntent);

  it('refunds in parts, then the rest, each a Stripe Refund under its own id; the payment shows it, the invoice stays paid', async () => {
    const paid = await setup.stripePaid();
    const first = await refund(paid, 500);
    expect(first.status, await first.clone().text()).to.equal(201);
    const made = ((await first.json()) as Doc).data;
    const [onStripe] = stripeRefunds(paid.paymentIntent);
    expect(made.attributes).to.deep.include({
      amount: 500,
      gateway: 'elastic_path_payments_stripe',
      external_refund_id: onStripe?.refund,
    });
    expect(made.meta).to.deep.include({ status: 'succeeded' });
    expect(onStripe).to.deep.include({ amount: 500, idempotencyKey: made.id });
    expect(onStripe?.metadata).to.deep.include({ refund_id: made.id, payment_id: paid.paymentId });
    expect((await paymentOf(paid)).data.meta).to.deep.include({ amount_refunded: 500, refunded: false });
    const rest = await refund(paid, PAID - 500);
    expect(rest.status).to.equal(201);
    expect((await paymentOf(paid)).data.meta).to.deep.include({ amount_refunded: PAID, refunded: true });
    expect(stripeRefunds(paid.paymentIntent).map((r) => r.amount)).to.deep.equal([500, PAID - 500]);
    expect(await (await refund(paid, 1)).json()).to.have.nested.property('errors[0].code', 'payment_not_refundable');
    const invoice = await setup.send<Doc>(`/v2/subscriptions/invoices/${paid.invoiceId}`);
    expect(invoice.data.attributes['outstanding'] ?? invoice.data.meta['outstanding']).to.equal(false);
  });

  it("Stripe's refusal is a 422 refund_refused, and nothing is recorded as refunded", async () => {
    const paid = await setup.stripePaid();
    stripe.scriptRefund(paid.paymentIntent, { kind: 'already_refunded' });
    const refused = await refund(paid, 100);
    const body = (await refused.json()) as { errors: Record<string, string>[] };
    expect(refused.status).to.equal(422);
    expect(body.errors[0]).to.deep.include({ status: '422', code: 'refund_refused' });
    expect(body.errors[0]?.['detail']).to.match(/refunded in full on Stripe already \(charge_already_refunded\)/);
    stripe.scriptRefund(paid.paymentIntent, undefined);
    expect((await paymentOf(paid)).data.meta).to.deep.include({ amount_refunded: 0 });
    expect((await setup.send<{ data: unknown[] }>(refundsPath(paid))).data).to.deep.equal([]);
    expect((await refund(paid, PAID)).status, 'all of it is still refundable').to.equal(201);
  });

  it('an answer lost after the refund is a pending refund, holding its amount; the next refund resumes it, and Stripe refunds it once', async () => {
    const paid = await setup.stripePaid();
    stripe.scriptRefund(paid.paymentIntent, { kind: 'lose_answer' });
    const lost = await refund(paid, 1000, { 'Idempotency-Key': 'refund-lost-1' });
    expect(lost.status, await lost.clone().text()).to.equal(201);
    const pending = ((await lost.json()) as Doc).data;
    expect(pending.meta).to.deep.include({ status: 'pending' });
    expect(stripeRefunds(paid.paymentIntent)).to.have.length(1);
    stripe.scriptRefund(paid.paymentIntent, undefined);
    // The same request again is the same answer: nothing is refunded twice.
    const retried = await refund(paid, 1000, { 'Idempotency-Key': 'refund-lost-1' });
    expect(retried.status).to.equal(201);
    expect(retried.headers.get('Idempotent-Replayed')).to.equal('true');
    expect(((await retried.json()) as Doc).data.id).to.equal(pending.id);
    // What the pending refund holds is not refundable again until Stripe has answered for it.
    const next = await refund(paid, PAID - 1000);
    expect(next.status, await next.clone().text()).to.equal(201);
    const stored = await setup.send<Doc>(`${refundsPath(paid)}/${pending.id}`);
    expect(stored.data.meta).to.deep.include({ status: 'succeeded' });
    expect(stored.data.attributes['external_refund_id']).to.equal(stripeRefunds(paid.paymentIntent)[0]?.refund);
    expect(stripeRefunds(paid.paymentIntent).map((r) => [r.amount, r.idempotencyKey])).to.deep.equal([
      [1000, pending.id],
      [PAID - 1000, stripeRefunds(paid.paymentIntent)[1]?.idempotencyKey],
    ]);
    expect((await paymentOf(paid)).data.meta).to.deep.include({ amount_refunded: PAID, refunded: true });
  });
});
