import { expect } from 'chai';
import { ConfiguredPaymentGateways } from '../../src/adapters/payments/configured-payment-gateways.js';
import { StripeGateway } from '../../src/adapters/payments/stripe/stripe-gateway.js';
import type { PaymentGateway } from '../../src/application/ports/billing/payment-gateway.js';
import { TOKENS } from '../../src/application/tokens.js';
import type { Persistence } from '../../src/container.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { aJob, runJob } from './billing-runs.js';
import type { FakeStripe } from './fake-stripe.js';
import { planData, productData, subscriptionData } from './subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from './test-api.js';

export const STRIPE_TEST_SECRET = 'sk_test_51RefundingStore';

type Doc = { data: { id: string; attributes: Record<string, any>; meta: Record<string, any>; relationships: any } };
type ListDoc = { data: Doc['data'][] };

/**
 * A test API whose Stripe payments go to `stripe` with its test secret key, and a priced offering. `around`
 * may stand between the payment runs and the gateway (to do something while Stripe answers).
 */
export const startStripeApi = async (
  stripe: FakeStripe,
  persistence: Persistence,
  price: number,
  around: (gateway: StripeGateway) => PaymentGateway = (gateway) => gateway,
) => {
  const api: TestApi = await startTestApi({
    persistence,
    configure: (container) =>
      container
        .rebind(TOKENS.PaymentGateways)
        .toConstantValue(
          new ConfiguredPaymentGateways([
            around(new StripeGateway(async () => ({ secretKey: STRIPE_TEST_SECRET }), stripe.settings(1_000))),
          ]),
        ),
  });
  const send = async <T>(path: string, init: RequestInit = {}, status = 200): Promise<T> => {
    const response = await api.request(path, init);
    expect(response.status, `${path}: ${await response.clone().text()}`).to.equal(status);
    return (await response.json()) as T;
  };
  const product = await send<Doc>(
    '/v2/subscriptions/products',
    jsonBody({ data: productData({ price: { USD: { amount: price, includes_tax: true } } }) }),
    201,
  );
  const plan = await send<Doc>('/v2/subscriptions/plans', jsonBody({ data: planData() }), 201);
  const offering = await send<Doc>(
    '/v2/subscriptions/offerings/build',
    jsonBody({ data: { name: 'Club', products: [product.data.id], plans: [plan.data.id] } }),
    201,
  );
  /** A new subscription paying with `card` on Stripe, and its first invoice, due. */
  const subscribed = async (card = 'pm_card_visa'): Promise<{ subscriptionId: string; invoiceId: string }> => {
    const subscription = await send<Doc>(
      '/v2/subscriptions/subscriptions',
      jsonBody({
        data: subscriptionData(offering.data.id, offering.data.relationships.plans.data[0].id, {
          payment_authority: { type: 'elastic_path_payments_stripe', customer_id: 'cus_Ada', card_id: card },
        }),
      }),
      201,
    );
    const [invoice] = (await send<ListDoc>(`/v2/subscriptions/subscriptions/${subscription.data.id}/invoices`)).data;
    return { subscriptionId: subscription.data.id, invoiceId: invoice!.id };
  };
  /** A payment run of the store, now. */
  const runPayments = () =>
    runJob(api.container, aJob(api.store.store.id as Uuid, 'payment-run', new Date()), new Date());
  /** The payments of an invoice, oldest first. */
  const paymentsOf = async (invoiceId: string) =>
    (await send<ListDoc>(`/v2/subscriptions/invoices/${invoiceId}/payments`)).data;
  /** A new subscription's first invoice, charged on Stripe by a payment run: its taken payment. */
  const stripePaid = async (): Promise<{ invoiceId: string; paymentId: string; paymentIntent: string }> => {
    const { invoiceId } = await subscribed();
    await runPayments();
    const [payment] = await paymentsOf(invoiceId);
    expect(payment?.attributes).to.deep.include({ success: true, gateway: 'elastic_path_payments_stripe' });
    return {
      invoiceId,
      paymentId: payment!.id,
      paymentIntent: payment!.attributes['external_payment_id'],
    };
  };
  return { api, send, subscribed, runPayments, paymentsOf, stripePaid };
};
