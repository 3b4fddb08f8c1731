import { expect } from 'chai';
import { StripeGateway } from '../../../src/adapters/payments/stripe/stripe-gateway.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { buildContainer } from '../../../src/container.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';

describe('Payment gateways bound by the composition root', () => {
  const storeId = randomIds.uuid();
  const offering = anOffering(storeId, [aProduct(storeId)], [aPlan(storeId)]);
  const stripePayer = aSubscription(offering, randomIds.uuid(), {
    paymentAuthority: { type: 'elastic_path_payments_stripe', customer_id: 'cus_Ada', card_id: 'pm_card' },
  });

  it('charges Stripe-paid subscriptions on Stripe once a credentials source is given', () => {
    const gateways = buildContainer(
      { kind: 'memory' },
      { stripeCredentials: async () => ({ secretKey: 'sk_test_bound' }) },
    ).get(TOKENS.PaymentGateways);
    expect(gateways.for(stripePayer)).to.be.instanceOf(StripeGateway);
    expect(gateways.named('elastic_path_payments_stripe')).to.be.instanceOf(StripeGateway);
    expect(gateways.for({ ...stripePayer, manualPayments: true }).name).to.equal('manual');
  });

  it('without one, a Stripe-paid attempt fails, saying that no gateway is configured', async () => {
    const gateway = buildContainer({ kind: 'memory' }).get(TOKENS.PaymentGateways).for(stripePayer);
    expect(gateway).not.to.be.instanceOf(StripeGateway);
    expect(await gateway.charge(undefined as never, 100, stripePayer, randomIds.uuid())).to.deep.equal({
      status: 'failed',
      failureReason: 'no payment gateway for elastic_path_payments_stripe is configured in this service',
    });
  });
});
