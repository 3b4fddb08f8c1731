import { expect } from 'chai';
import { StripeGateway } from '../../src/adapters/payments/stripe/stripe-gateway.js';
import type { PaymentGateway } from '../../src/application/ports/billing/payment-gateway.js';
import type { Persistence } from '../../src/container.js';
import type { FakeStripe } from './fake-stripe.js';
import { startGatewayApi } from './gateway-api.js';

export const STRIPE_TEST_SECRET = 'sk_test_51RefundingStore';

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
  const gateway = around(new StripeGateway(async () => ({ secretKey: STRIPE_TEST_SECRET }), stripe.settings(1_000)));
  const { api, send, subscribed: paying, runPayments, paymentsOf } = await startGatewayApi(persistence, gateway, price);
  /** A new subscription paying with `card` on Stripe, and its first invoice, due. */
  const subscribed = (card = 'pm_card_visa') =>
    paying({ type: 'elastic_path_payments_stripe', customer_id: 'cus_Ada', card_id: card });
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
