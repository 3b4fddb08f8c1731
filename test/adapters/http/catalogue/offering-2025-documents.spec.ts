import { expect } from 'chai';
import {
  offering2025Resource,
  offeringPlan2025Resource,
  offeringPricingOption2025Resource,
} from '../../../../src/adapters/http/catalogue/offering-2025-documents.js';
import { offeringIncluded2025 } from '../../../../src/adapters/http/catalogue/offering-2025-included.js';
import {
  offeringPlanResource,
  offeringProductResource,
} from '../../../../src/adapters/http/catalogue/subscription-catalogue-documents.js';
import type {
  Offering,
  OfferingItem,
  OfferingPlan,
  OfferingProduct,
} from '../../../../src/domain/catalogue/offering.js';
import type { PlanAttributes } from '../../../../src/domain/catalogue/plan.js';
import type { ProductAttributes } from '../../../../src/domain/catalogue/product.js';
import { uuid } from '../../../support/domain-builders.js';
import { epccContract } from '../../../support/epcc-contract.js';
import { anOffering, aPlan, aProduct, PLAN_ATTRIBUTES } from '../../../support/subscription-builders.js';

const STORE = uuid(1);
const AT = new Date('2026-03-01T00:00:00.000Z');

/** An item made inside an offering: no original. */
const made = <A>(n: number, attributes: A): OfferingItem<A> => ({
  id: uuid(n),
  attributes,
  createdAt: AT,
  updatedAt: AT,
});
const product = (n: number, attributes: Partial<ProductAttributes>): OfferingProduct =>
  made(n, { name: 'Beans', ...attributes });
const plan = (n: number, attributes: Partial<PlanAttributes>): OfferingPlan =>
  made(n, { ...PLAN_ATTRIBUTES, ...attributes });

/** An offering of items made inside it, with the eligibility given (none: every product under every plan). */
const holding = (
  products: readonly OfferingProduct[],
  plans: readonly OfferingPlan[],
  eligibility?: Offering['eligibility'],
): Offering => ({
  id: uuid(7),
  storeId: STORE,
  features: [],
  attributes: { name: 'Coffee club' },
  version: 1,
  products,
  plans,
  ...(eligibility === undefined ? {} : { eligibility }),
  createdAt: AT,
  updatedAt: AT,
});

/** Holds a body to EPCC's 2026-10 operation as a 200 answer to `path`. */
const heldTo = (operationId: string, path: string, body: object) =>
  epccContract().problemsAs(operationId, {
    method: 'GET',
    path: `/generations/2025/v2/subscriptions/offerings/${uuid(7)}${path}`,
    status: 200,
    header: () => 'application/json',
    body: JSON.stringify(body),
  });

describe('the 2025 catalogue rendered from the domain: prices of each (plan, pricing option) pair', () => {
  // Each row: a 2025 plan (the domain's product) under a 2025 pricing option (the domain's plan), and the
  // price the one pricing rule gives that pair.
  const rows: [string, Partial<ProductAttributes>, Partial<PlanAttributes>, object][] = [
    [
      'a fixed price is the price, whatever the plan costs; other currencies follow the plan',
      { price: { USD: { amount: 1999 }, EUR: { amount: 900 } } },
      { fixed_price: { USD: { amount: 9000, includes_tax: true } } },
      { USD: { amount: 9000, includes_tax: true }, EUR: { amount: 900, includes_tax: false } },
    ],
    [
      'a percentage takes that much off',
      { price: { USD: { amount: 2000, includes_tax: true } } },
      { base_price_percentage: 25 },
      { USD: { amount: 1500, includes_tax: true } },
    ],
    [
      'a fraction of a penny is rounded down',
      { price: { USD: { amount: 1999 } } },
      { base_price_percentage: 5 },
      { USD: { amount: 1899, includes_tax: false } },
    ],
    ['a plan with no price has none, unless the option fixes one', {}, { base_price_percentage: 10 }, {}],
    [
      'a 100 % discount is free',
      { price: { GBP: { amount: 1 } } },
      { base_price_percentage: 100 },
      { GBP: { amount: 0, includes_tax: false } },
    ],
  ];
  for (const [what, productAttributes, planAttributes, price] of rows)
    it(what, () => {
      const beans = product(2, productAttributes);
      const monthly = plan(3, planAttributes);
      const offering = holding([beans], [monthly]);
      const asPlan = offeringPlan2025Resource(beans, offering, 'USD');
      const asOption = offeringPricingOption2025Resource(monthly, offering, 'USD');
      expect(asPlan.meta.prices[monthly.id]?.price).to.deep.equal(price);
      expect(asOption.meta.prices[beans.id]?.price, 'the same pair seen from the pricing option').to.deep.equal(price);
      expect(heldTo('GetOfferingPlan', `/plans/${beans.id}`, { data: asPlan })).to.equal(undefined);
      expect(heldTo('GetOfferingPricingOption', `/pricing-options/${monthly.id}`, { data: asOption })).to.equal(
        undefined,
      );
    });

  it('prices each pair alone: a pricing option over two plans prices each, not their sum', () => {
    const [beans, mugs] = [
      product(2, { price: { USD: { amount: 5000 } } }),
      product(3, { price: { USD: { amount: 7500 } } }),
    ];
    const monthly = plan(4, { base_price_percentage: 5 });
    expect(offeringPricingOption2025Resource(monthly, holding([beans, mugs], [monthly])).meta.prices).to.deep.equal({
      [beans.id]: {
        price: { USD: { amount: 4750, includes_tax: false } },
        display_price: {
          without_tax: { amount: 4750, currency: 'USD', formatted: '$47.50' },
          with_tax: { amount: 4750, currency: 'USD', formatted: '$47.50' },
        },
      },
      [mugs.id]: {
        price: { USD: { amount: 7125, includes_tax: false } },
        display_price: {
          without_tax: { amount: 7125, currency: 'USD', formatted: '$71.25' },
          with_tax: { amount: 7125, currency: 'USD', formatted: '$71.25' },
        },
      },
    });
  });
});

describe('the 2025 catalogue rendered from the domain: associations and custom attributes', () => {
  const beans = product(2, { price: { USD: { amount: 1000 } } });
  const mugs = product(3, { name: 'Mugs', price: { USD: { amount: 2000 } } });
  const monthly = plan(4, { base_price_percentage: 10 });
  const yearly = plan(5, { name: 'Yearly', base_price_percentage: 20 });
  // Beans under both options, mugs yearly only.
  const partial = holding([beans, mugs], [monthly, yearly], {
    [beans.id]: [monthly.id, yearly.id],
    [mugs.id]: [yearly.id],
  });

  it('relates and prices only the pairs associated, from both sides', () => {
    const asPlan = offeringPlan2025Resource(mugs, partial, 'USD');
    expect(asPlan.relationships.pricing_options.data.map((r) => r.id)).to.deep.equal([yearly.id]);
    expect(Object.keys(asPlan.meta.prices)).to.deep.equal([yearly.id]);
    const asOption = offeringPricingOption2025Resource(monthly, partial, 'USD');
    expect(asOption.relationships.plans.data.map((r) => r.id)).to.deep.equal([beans.id]);
    expect(Object.keys(asOption.meta.prices)).to.deep.equal([beans.id]);
    expect(heldTo('GetOfferingPlan', `/plans/${mugs.id}`, { data: asPlan })).to.equal(undefined);
    expect(heldTo('GetOfferingPricingOption', `/pricing-options/${monthly.id}`, { data: asOption })).to.equal(
      undefined,
    );
  });

  it("shows a plan's custom attributes, held to EPCC's document; a plan without shows none", () => {
    const tagged: OfferingProduct = { ...beans, customAttributes: { colour: 'green', 'roast level': '' } };
    const asPlan = offeringPlan2025Resource(tagged, partial, 'USD');
    expect(asPlan.attributes.custom_attributes).to.deep.equal({ colour: 'green', 'roast level': '' });
    expect(heldTo('GetOfferingPlan', `/plans/${beans.id}`, { data: asPlan })).to.equal(undefined);
    expect(offeringPlan2025Resource(beans, partial).attributes).not.to.have.property('custom_attributes');
  });
});

describe('the 2025 catalogue rendered from the domain: offerings, items with and without an original', () => {
  const beans = aProduct(STORE, { name: 'Beans', external_ref: 'beans', price: { USD: { amount: 1000 } } });
  const copied = anOffering(
    STORE,
    [beans, aProduct(STORE, { name: 'Mugs' })],
    [aPlan(STORE), aPlan(STORE, { name: 'Yearly' })],
    {
      attributes: { name: 'Coffee club', external_ref: 'club' },
    },
  );
  const inside = { ...copied, products: [product(5, { name: 'Tea', external_ref: 'tea' })], plans: [plan(6, {})] };

  for (const [what, offering] of [
    ['copied from originals', copied],
    ['made inside the offering', inside],
  ] as const) {
    it(`GetOffering and ListOfferings with every include: items ${what}`, () => {
      const body = {
        data: offering2025Resource(offering),
        ...offeringIncluded2025([offering], new Set(['plans', 'pricing_options', 'features'] as const), 'USD'),
      };
      expect(body.included?.['features']).to.deep.equal([]);
      expect(body.included?.['plans']).to.have.length(offering.products.length);
      expect(heldTo('GetOffering', '?include=plans,pricing_options,features', body)).to.equal(undefined);
      const list = {
        data: [offering2025Resource(offering)],
        links: {},
        meta: { page: { limit: 25, offset: 0, current: 1, total: 1 }, results: { total: 1 } },
      };
      expect(
        epccContract().problemsAs('ListOfferings', {
          method: 'GET',
          path: '/generations/2025/v2/subscriptions/offerings',
          status: 200,
          header: () => 'application/json',
          body: JSON.stringify(list),
        }),
      ).to.equal(undefined);
    });
  }

  it('shows the external refs of its plans, and includes only what is asked', () => {
    expect(offering2025Resource(copied).meta.external_plan_refs).to.deep.equal(['beans']);
    expect(offering2025Resource(inside).meta.external_plan_refs).to.deep.equal(['tea']);
    expect(offeringIncluded2025([copied], new Set())).to.deep.equal({});
    expect(Object.keys(offeringIncluded2025([copied], new Set(['features'] as const)).included ?? {})).to.deep.equal([
      'features',
    ]);
    expect(
      Object.keys(offeringIncluded2025([copied], new Set(['pricing_options'] as const)).included ?? {}),
    ).to.deep.equal(['pricing_options']);
  });

  it('renders an item without an original on the 2024 wire with no origin, and a copy with its own', () => {
    expect(offeringProductResource(inside.products[0]!).relationships).to.deep.equal({});
    expect(offeringPlanResource(inside.plans[0]!, inside.products).relationships).to.deep.equal({});
    expect(offeringProductResource(copied.products[0]!).relationships).to.deep.equal({
      origin: { data: { id: beans.id, type: 'subscription_product' } },
    });
  });
});
