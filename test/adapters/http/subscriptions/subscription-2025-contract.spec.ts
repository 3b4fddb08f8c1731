import { expect } from 'chai';
import {
  included2025For,
  subscription2025Resource,
  subscriptionPlans2025,
  subscriptionPricingOptions2025,
} from '../../../../src/adapters/http/subscriptions/subscription-2025-documents.js';
import { uuid } from '../../../support/domain-builders.js';
import { epccContract } from '../../../support/epcc-contract.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../../support/subscription-builders.js';

const STORE = uuid(1);
const NOW = new Date('2026-02-10T00:00:00.000Z');
const offering = anOffering(
  STORE,
  [aProduct(STORE, { name: 'Beans', sku: 'B-1', external_ref: 'beans' }), aProduct(STORE, { name: 'Mugs' })],
  [
    aPlan(STORE, { base_price_percentage: 10 }),
    aPlan(STORE, { name: 'Yearly', fixed_price: { USD: { amount: 9000 } } }),
  ],
  { attributes: { name: 'Coffee club', description: 'Beans every month', external_ref: 'club' } },
);

const subscriptions = {
  'made on the 2024 wire (every product, the seed authority)': aSubscription(offering, uuid(9)),
  'holding one product, canceled and paused': aSubscription(offering, uuid(9), {
    productIds: offering.products.slice(1).map((p) => p.id),
    paymentAuthority: { type: 'authorize_net', payment_profile_id: 'pp_123', customer_profile_id: 'cp_123' },
    externalRef: 'sub-1',
    flags: { canceled: true, paused: true, suspended: false, pending: false },
    timestamps: { createdAt: NOW, updatedAt: NOW, canceledAt: NOW, pausedAt: NOW },
  }),
};

/** Holds a body to EPCC's 2026-10 operation as a 200 answer to `path`. */
const heldTo = (operationId: string, path: string, body: object) =>
  epccContract().problemsAs(operationId, {
    method: 'GET',
    path: `/generations/2025${path}`,
    status: 200,
    header: () => undefined,
    body: JSON.stringify(body),
  });

describe("subscriptions rendered on the 2025 wire, held to EPCC's 2026-10 document", () => {
  for (const [what, subscription] of Object.entries(subscriptions)) {
    const path = `/v2/subscriptions/subscriptions/${subscription.id}`;
    it(`GetSubscription with both includes: a subscription ${what}`, () => {
      const body = {
        data: subscription2025Resource(subscription, offering, NOW),
        ...included2025For([offering], new Set(['plans', 'products'] as const), 'USD'),
      };
      expect(heldTo('GetSubscription', `${path}?include=plans,pricing_options`, body)).to.equal(undefined);
    });

    it(`ListSubscriptions: a subscription ${what}`, () => {
      const body = { data: [subscription2025Resource(subscription, offering, NOW)], links: {} };
      expect(heldTo('ListSubscriptions', '/v2/subscriptions/subscriptions', body)).to.equal(undefined);
    });

    it(`ListSubscriptionPlans and GetSubscriptionPlan: a subscription ${what}`, () => {
      const plans = subscriptionPlans2025(subscription, offering, 'USD');
      expect(heldTo('ListSubscriptionPlans', `${path}/plans`, { data: plans })).to.equal(undefined);
      expect(heldTo('GetSubscriptionPlan', `${path}/plans/${plans[0]?.id}`, { data: plans[0] })).to.equal(undefined);
    });

    it(`ListSubscriptionPricingOptions and GetSubscriptionPricingOption: a subscription ${what}`, () => {
      const options = subscriptionPricingOptions2025(subscription, offering);
      expect(heldTo('ListSubscriptionPricingOptions', `${path}/pricing-options`, { data: options })).to.equal(
        undefined,
      );
      expect(
        heldTo('GetSubscriptionPricingOption', `${path}/pricing-options/${options[0]?.id}`, { data: options[0] }),
      ).to.equal(undefined);
    });
  }

  it('the contract refuses a 2024 rendering as a 2025 answer (the test can fail)', () => {
    const subscription = subscriptions['made on the 2024 wire (every product, the seed authority)'];
    const { pricing_option_id: _dropped, ...attributes } = subscription2025Resource(
      subscription,
      offering,
      NOW,
    ).attributes;
    const body = { data: { ...subscription2025Resource(subscription, offering, NOW), attributes } };
    expect(heldTo('GetSubscription', `/v2/subscriptions/subscriptions/${subscription.id}`, body)).to.be.a('string');
  });
});
