import { expect } from 'chai';
import fc from 'fast-check';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { forEachBackend } from '../support/backends.js';
import { aJob, runJob } from '../support/billing-runs.js';
import { FakeStripe } from '../support/fake-stripe.js';
import { STRIPE_TEST_SECRET, startStripeApi } from '../support/stripe-paid.js';
import { planData, productData, subscriptionData } from '../support/subscription-core.js';
import { jsonBody, type TestApi } from '../support/test-api.js';
import { propertyRuns } from './property-runs.js';

type Doc = { data: { id: string; attributes: Record<string, any>; meta: Record<string, any> } };
type ListDoc = { data: Doc['data'][] };

const PAID = 1000;
const V2025 = '/generations/2025/v2/subscriptions';

forEachBackend('Properties: concurrent refunds of one payment', (_backend, persistence) => {
  const stripe = new FakeStripe([STRIPE_TEST_SECRET]);
  before(() => stripe.start());
  after(() => stripe.stop());
  let api: TestApi;
  let stripePaid: () => Promise<{ invoiceId: string; paymentId: string; paymentIntent: string }>;
  let offeringId: string;
  let planId: string;

  const send = async <T>(path: string, init: RequestInit = {}, status = 200): Promise<T> => {
    const response = await api.request(path, init);
    expect(response.status, `${path}: ${await response.clone().text()}`).to.equal(status);
    return (await response.json()) as T;
  };

  /** A manual payment of 1000 taken on a new subscription's first invoice. */
  const takenPayment = async (): Promise<{ invoiceId: string; paymentId: string }> => {
    const subscription = await send<Doc>(
      '/v2/subscriptions/subscriptions',
      jsonBody({ data: subscriptionData(offeringId, planId, { manual_payments: true }) }),
      201,
    );
    const storeId = api.store.store.id;
    const [invoice] = (await send<ListDoc>(`/v2/subscriptions/subscriptions/${subscription.data.id}/invoices`)).data;
    await runJob(api.container, aJob(storeId as Uuid, 'payment-run', new Date()), new Date());
    const [payment] = (await send<ListDoc>(`/v2/subscriptions/invoices/${invoice!.id}/payments`)).data;
    await send(`/v2/subscriptions/invoices/${invoice!.id}/payments/${payment!.id}`, {
      ...jsonBody({ data: { type: 'subscription_invoice_payment', attributes: { success: true } } }),
      method: 'PUT',
    });
    return { invoiceId: invoice!.id, paymentId: payment!.id };
  };

  beforeEach(async () => {
    const stripeApi = await startStripeApi(stripe, persistence(), PAID);
    api = stripeApi.api;
    stripePaid = stripeApi.stripePaid;
    const product = await send<Doc>(
      '/v2/subscriptions/products',
      jsonBody({ data: productData({ price: { USD: { amount: PAID, includes_tax: true } } }) }),
      201,
    );
    const plan = await send<Doc>('/v2/subscriptions/plans', jsonBody({ data: planData() }), 201);
    const offering = await send<{ data: { id: string; relationships: any } }>(
      '/v2/subscriptions/offerings/build',
      jsonBody({ data: { name: 'Club', products: [product.data.id], plans: [plan.data.id] } }),
      201,
    );
    offeringId = offering.data.id;
    planId = offering.data.relationships.plans.data[0].id;
  });
  afterEach(async () => api.close());

  it('never refunds more than was paid, manually or through Stripe: what is accepted is stored once each (and refunded on Stripe once), and every refusal asked for more than was left', async function () {
    this.timeout(240_000);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 2, maxLength: 8 }),
        fc.boolean(),
        async (amounts, throughStripe) => {
          const taken = throughStripe ? await stripePaid() : { ...(await takenPayment()), paymentIntent: undefined };
          const { invoiceId, paymentId } = taken;
          const refunds = `${V2025}/invoices/${invoiceId}/payments/${paymentId}/refunds`;
          const answers = await Promise.all(
            amounts.map(async (amount) => {
              const response = await api.request(
                refunds,
                jsonBody({
                  data: { type: 'subscription_invoice_payment_refund', attributes: { amount, reason: 'race' } },
                }),
              );
              return { amount, status: response.status, body: (await response.json()) as Record<string, any> };
            }),
          );
          for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).to.be.oneOf([201, 422]);
          const accepted = answers.filter((a) => a.status === 201).map((a) => a.amount);
          const given = accepted.reduce((sum, amount) => sum + amount, 0);
          expect(given).to.be.at.most(PAID);
          for (const refused of answers.filter((a) => a.status === 422)) {
            expect(refused.body['errors'][0].code).to.equal('payment_not_refundable');
            expect(refused.amount, 'refused only when it did not fit').to.be.above(PAID - given);
          }
          const payment = await send<Doc>(`/v2/subscriptions/invoices/${invoiceId}/payments/${paymentId}`);
          expect(payment.data.meta).to.deep.include({ amount_refunded: given, refunded: given === PAID });
          const stored = (await send<ListDoc>(`${refunds}?page[limit]=100`)).data.map((r) => r.attributes['amount']);
          expect([...stored].sort((a, b) => a - b)).to.deep.equal([...accepted].sort((a, b) => a - b));
          const onStripe = stripe.refunds.filter((r) => r.paymentIntent === taken.paymentIntent).map((r) => r.amount);
          expect(onStripe.sort((a, b) => a - b)).to.deep.equal(
            throughStripe ? [...accepted].sort((a, b) => a - b) : [],
          );
        },
      ),
      { numRuns: propertyRuns(8), endOnFailure: true },
    );
  });
});
