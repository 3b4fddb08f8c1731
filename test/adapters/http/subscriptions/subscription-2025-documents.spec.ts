import { expect } from 'chai';
import {
  included2025For,
  subscription2025Resource,
  subscriptionPlans2025,
  subscriptionPricingOptions2025,
} from '../../../../src/adapters/http/subscriptions/subscription-2025-documents.js';
import { subscriptionResource } from '../../../../src/adapters/http/subscriptions/subscription-documents.js';
import { planPrices } from '../../../../src/domain/catalogue/pricing.js';
import { uuid } from '../../../support/domain-builders.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../../support/subscription-builders.js';

const STORE = uuid(1);
const NOW = new Date('2026-02-10T00:00:00.000Z');
const beans = aProduct(STORE, { name: 'Beans', price: { USD: { amount: 1000 } } });
const mugs = aProduct(STORE, { name: 'Mugs', price: { USD: { amount: 550 } } });
const monthly = aPlan(STORE, { name: 'Monthly', base_price_percentage: 10 });
const yearly = aPlan(STORE, { name: 'Yearly', fixed_price: { USD: { amount: 9000 } } });
const offering = anOffering(STORE, [beans, mugs], [monthly, yearly]);
const [beansCopy, mugsCopy] = offering.products;
const [monthlyCopy, yearlyCopy] = offering.plans;
if (!beansCopy || !mugsCopy || !monthlyCopy || !yearlyCopy) throw new Error('offering copies missing');

describe('subscriptions on the 2025 wire (renderings)', () => {
  it('names the domain plan as pricing_option_id and the first held product as plan_id, same ids as 2024', () => {
    const subscription = aSubscription(offering, uuid(9), { productIds: [mugsCopy.id] });
    const wire2024 = subscriptionResource(subscription, offering, NOW);
    const wire2025 = subscription2025Resource(subscription, offering, NOW);
    expect(wire2025.id).to.equal(wire2024.id);
    expect(wire2025.attributes.pricing_option_id).to.equal(wire2024.attributes.plan_id);
    expect(wire2025.attributes.plan_id).to.equal(mugsCopy.id);
    expect(wire2025.relationships.plans.data).to.deep.equal([{ id: mugsCopy.id, type: 'subscription_offering_plan' }]);
    expect(wire2025.meta.first_invoice_prepaid).to.equal(false);
    expect(wire2025.attributes.offering.meta).to.have.property('external_plan_refs');
    expect(wire2025.attributes.offering.relationships.pricing_options.data.map((r) => r.id)).to.deep.equal([
      monthlyCopy.id,
      yearlyCopy.id,
    ]);
  });

  it('holding every product (a 2024 create), plan_id is the first of them', () => {
    const subscription = aSubscription(offering, uuid(9));
    expect(subscription2025Resource(subscription, offering, NOW).attributes.plan_id).to.equal(beansCopy.id);
  });

  const authorities = [
    { authority: { type: 'platform_payments_processor' as const, customer_id: 'cus_1' }, shown: false },
    { authority: { type: 'elastic_path_payments_stripe' as const, customer_id: 'cus_1' }, shown: true },
    { authority: { type: 'authorize_net' as const, payment_profile_id: 'pp_1' }, shown: true },
  ];
  for (const { authority, shown } of authorities) {
    it(`${shown ? 'shows' : 'leaves out'} a ${authority.type} payment authority`, () => {
      const subscription = aSubscription(offering, uuid(9), { paymentAuthority: authority });
      const attributes = subscription2025Resource(subscription, offering, NOW).attributes as Record<string, unknown>;
      expect(attributes['payment_authority']).to.deep.equal(shown ? authority : undefined);
    });
  }

  it("lists every product as a plan, active on those held, each priced under every pricing option by the domain's rule", () => {
    const subscription = aSubscription(offering, uuid(9), { productIds: [beansCopy.id] });
    const plans = subscriptionPlans2025(subscription, offering, 'USD');
    expect(plans.map((p) => [p.id, p.meta.active_plan])).to.deep.equal([
      [beansCopy.id, true],
      [mugsCopy.id, false],
    ]);
    const mugsPlan = plans[1];
    expect(mugsPlan?.meta.prices[monthlyCopy.id]?.price).to.deep.equal(planPrices([mugsCopy], monthlyCopy));
    expect(mugsPlan?.meta.prices[monthlyCopy.id]?.price).to.deep.equal({ USD: { amount: 495, includes_tax: false } });
    expect(mugsPlan?.meta.prices[yearlyCopy.id]?.price).to.deep.equal({ USD: { amount: 9000 } });
    expect(mugsPlan?.attributes.feature_configurations).to.deep.equal({});
  });

  it('lists every plan copy as a pricing option, active on its own, priced per plan', () => {
    const subscription = aSubscription(offering, uuid(9), { planId: yearlyCopy.id });
    const options = subscriptionPricingOptions2025(subscription, offering, 'USD');
    expect(options.map((o) => [o.id, o.type, o.meta.active_pricing_option])).to.deep.equal([
      [monthlyCopy.id, 'subscription_offering_pricing_option', false],
      [yearlyCopy.id, 'subscription_offering_pricing_option', true],
    ]);
    expect(options[0]?.meta.prices[beansCopy.id]?.price).to.deep.equal({ USD: { amount: 900, includes_tax: false } });
  });

  const includes = [
    { asked: [], keys: undefined },
    { asked: ['products'], keys: ['plans'] },
    { asked: ['plans'], keys: ['pricing_options'] },
    { asked: ['plans', 'products'], keys: ['plans', 'pricing_options'] },
  ] as const;
  for (const { asked, keys } of includes) {
    it(`includes ${keys?.join(' and ') ?? 'nothing'} for the domain's ${asked.join(', ') || 'no include'}`, () => {
      const included = included2025For([offering, offering], new Set(asked)) as { included?: object };
      if (keys === undefined) return expect(included.included).to.equal(undefined);
      expect(Object.keys(included.included ?? {}).sort()).to.deep.equal([...keys]);
      for (const list of Object.values(included.included ?? {})) expect((list as unknown[]).length).to.equal(2);
    });
  }
});
