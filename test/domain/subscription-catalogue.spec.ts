import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { parseUuid, type Uuid } from '../../src/domain/shared/uuid.js';
import { parseAttachment, parseOfferingAttributes, parseOfferingBuild } from '../../src/domain/subscription/offering-input.js';
import {
  externalProductRefs,
  withCopies,
  type Offering,
  type OfferingItem,
  type OfferingProduct,
} from '../../src/domain/subscription/offering.js';
import { parsePlanAttributes, parsePlanChanges } from '../../src/domain/subscription/plan.js';
import { PLAN_ATTRIBUTES } from '../support/subscription-builders.js';
import { parseProductAttributes, parseProductChanges, type ProductAttributes } from '../../src/domain/subscription/product.js';

type Expectation = string | null;

const uuid = (n: number): Uuid => {
  const id = parseUuid(`00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`);
  if (id === undefined) throw new Error(`not a UUID: ${n}`);
  return id;
};
const uuids = (count: number, from = 1): Uuid[] => Array.from({ length: count }, (_, i) => uuid(from + i));

const NAME_LIMIT = 'must be 3 to 1024 characters long';
const AMOUNT_LIMIT = 'must be a whole number of minor units between 0 and 9007199254740991';
const CURRENCY_KEY = 'must be keyed by a three-letter uppercase currency code';

const nameCases: ReadonlyArray<[string, unknown, Expectation]> = [
  ['0 code points', '', NAME_LIMIT],
  ['2 code points', 'ab', NAME_LIMIT],
  ['3 code points', 'abc', null],
  ['1024 code points', 'n'.repeat(1024), null],
  ['1025 code points', 'n'.repeat(1025), NAME_LIMIT],
  ['2 astral code points', '😀'.repeat(2), NAME_LIMIT],
  ['3 astral code points', '😀'.repeat(3), null],
  ['1024 astral code points', '😀'.repeat(1024), null],
  ['1025 astral code points', '😀'.repeat(1025), NAME_LIMIT],
  ['a lone surrogate', 'ab\uD800', 'must be valid Unicode text'],
  ['a number', 123, 'must be a string'],
];

const maxLengthCases = (max: number): ReadonlyArray<[string, unknown, Expectation]> => [
  ['0 code points', '', null],
  [`${max} code points`, 'd'.repeat(max), null],
  [`${max} astral code points`, '😀'.repeat(max), null],
  [`${max + 1} code points`, 'd'.repeat(max + 1), `must be at most ${max} characters long`],
  [`${max + 1} astral code points`, '😀'.repeat(max + 1), `must be at most ${max} characters long`],
  ['a boolean', true, 'must be a string'],
];

/** Checks one attribute: accepted values come back unchanged, refused ones give exactly one issue at `source`. */
const expectField = (result: E.Either<unknown, unknown>, field: string, value: unknown, expected: Expectation, source: string): void => {
  if (expected === null) {
    expect(E.isRight(result)).to.equal(true);
    if (E.isRight(result)) expect((result.right as Record<string, unknown>)[field]).to.deep.equal(value);
  } else {
    expect(result).to.deep.equal(E.left([{ source, detail: expected }]));
  }
};

describe('subscription products', () => {
  const product = (attributes: Record<string, unknown>) => parseProductAttributes({ type: 'subscription_product', attributes: { name: 'Coffee', ...attributes } });

  for (const [label, name, expected] of nameCases) {
    it(`${expected === null ? 'accepts' : 'refuses'} a name of ${label}`, () => {
      expectField(product({ name }), 'name', name, expected, 'data.attributes.name');
    });
  }

  const lengthLimits: ReadonlyArray<[string, number]> = [
    ['description', 1024],
    ['external_ref', 2048],
    ['sku', 1024],
  ];
  for (const [field, max] of lengthLimits) {
    for (const [label, value, expected] of maxLengthCases(max)) {
      it(`${expected === null ? 'accepts' : 'refuses'} a ${field} of ${label}`, () => {
        expectField(product({ [field]: value }), field, value, expected, `data.attributes.${field}`);
      });
    }
  }

  const NOT_A_URI = 'must be an absolute http or https URI';
  const images: ReadonlyArray<[string, unknown, Expectation]> = [
    ['an https URI', 'https://cdn.example.com/coffee.png', null],
    ['an http URI', 'http://example.com/coffee.png?size=large', null],
    ['a URI of 1024 characters', `https://example.com/${'i'.repeat(1004)}`, null],
    ['a URI of 1025 characters', `https://example.com/${'i'.repeat(1005)}`, 'must be 1 to 1024 characters long'],
    ['an empty string', '', 'must be 1 to 1024 characters long'],
    ['text that is not a URI', 'not a uri', NOT_A_URI],
    ['a relative path', '/images/coffee.png', NOT_A_URI],
    ['an ftp URI', 'ftp://example.com/coffee.png', NOT_A_URI],
    ['a data URI', 'data:image/png;base64,AAAA', NOT_A_URI],
    ['a number', 7, 'must be a string'],
  ];
  for (const [label, value, expected] of images) {
    it(`${expected === null ? 'accepts' : 'refuses'} as main_image ${label}`, () => {
      expectField(product({ main_image: value }), 'main_image', value, expected, 'data.attributes.main_image');
    });
  }

  const prices: ReadonlyArray<[string, unknown, E.Either<ReadonlyArray<{ source: string; detail: string }>, unknown>]> = [
    ['an empty map', {}, E.right({})],
    ['an amount of 0', { USD: { amount: 0 } }, E.right({ USD: { amount: 0 } })],
    ['the largest safe integer', { USD: { amount: Number.MAX_SAFE_INTEGER } }, E.right({ USD: { amount: Number.MAX_SAFE_INTEGER } })],
    [
      'several currencies with includes_tax',
      { USD: { amount: 1000, includes_tax: false }, EUR: { amount: 900, includes_tax: true } },
      E.right({ USD: { amount: 1000, includes_tax: false }, EUR: { amount: 900, includes_tax: true } }),
    ],
    ['a null includes_tax, left out', { USD: { amount: 1, includes_tax: null } }, E.right({ USD: { amount: 1 } })],
    ['an amount of 1.5', { USD: { amount: 1.5 } }, E.left([{ source: 'data.attributes.price.USD.amount', detail: AMOUNT_LIMIT }])],
    ['an amount of -1', { USD: { amount: -1 } }, E.left([{ source: 'data.attributes.price.USD.amount', detail: AMOUNT_LIMIT }])],
    ['an amount of 2^53', { USD: { amount: 2 ** 53 } }, E.left([{ source: 'data.attributes.price.USD.amount', detail: AMOUNT_LIMIT }])],
    ['an amount given as text', { USD: { amount: '100' } }, E.left([{ source: 'data.attributes.price.USD.amount', detail: AMOUNT_LIMIT }])],
    ['a missing amount', { USD: { includes_tax: true } }, E.left([{ source: 'data.attributes.price.USD.amount', detail: AMOUNT_LIMIT }])],
    ['includes_tax as text', { USD: { amount: 1, includes_tax: 'yes' } }, E.left([{ source: 'data.attributes.price.USD.includes_tax', detail: 'must be true or false' }])],
    ['a price that is not an object', { USD: 1000 }, E.left([{ source: 'data.attributes.price.USD', detail: 'must be an object with an amount' }])],
    ['a lower-case currency', { usd: { amount: 1 } }, E.left([{ source: 'data.attributes.price.usd', detail: CURRENCY_KEY }])],
    ['a two-letter currency', { US: { amount: 1 } }, E.left([{ source: 'data.attributes.price.US', detail: CURRENCY_KEY }])],
    ['a four-letter currency', { USDT: { amount: 1 } }, E.left([{ source: 'data.attributes.price.USDT', detail: CURRENCY_KEY }])],
    ['a currency with a digit', { US1: { amount: 1 } }, E.left([{ source: 'data.attributes.price.US1', detail: CURRENCY_KEY }])],
    ['a list', [{ amount: 1 }], E.left([{ source: 'data.attributes.price', detail: 'must be an object of prices by currency' }])],
    ['a number', 1000, E.left([{ source: 'data.attributes.price', detail: 'must be an object of prices by currency' }])],
  ];
  for (const [label, price, expected] of prices) {
    it(`${E.isRight(expected) ? 'accepts' : 'refuses'} a price map with ${label}`, () => {
      const result = product({ price });
      if (E.isRight(expected)) expect(result).to.deep.equal(E.right({ name: 'Coffee', price: expected.right }));
      else expect(result).to.deep.equal(expected);
    });
  }

  const UNIT = "must be 'day' or 'month'";
  const UNIT_AMOUNT = 'must be an integer of at least 1';
  const units: ReadonlyArray<[string, unknown, E.Either<ReadonlyArray<{ source: string; detail: string }>, unknown>]> = [
    ['1 day', { unit: 'day', amount: 1 }, E.right({ unit: 'day', amount: 1 })],
    ['12 months', { unit: 'month', amount: 12 }, E.right({ unit: 'month', amount: 12 })],
    ['an amount of 0', { unit: 'day', amount: 0 }, E.left([{ source: 'data.attributes.price_units.amount', detail: UNIT_AMOUNT }])],
    ['an amount of 1.5', { unit: 'day', amount: 1.5 }, E.left([{ source: 'data.attributes.price_units.amount', detail: UNIT_AMOUNT }])],
    ['a missing amount', { unit: 'month' }, E.left([{ source: 'data.attributes.price_units.amount', detail: UNIT_AMOUNT }])],
    ['a unit of week', { unit: 'week', amount: 1 }, E.left([{ source: 'data.attributes.price_units.unit', detail: UNIT }])],
    ['a missing unit', { amount: 1 }, E.left([{ source: 'data.attributes.price_units.unit', detail: UNIT }])],
    [
      'both wrong',
      { unit: 'Month', amount: -1 },
      E.left([
        { source: 'data.attributes.price_units.unit', detail: UNIT },
        { source: 'data.attributes.price_units.amount', detail: UNIT_AMOUNT },
      ]),
    ],
    ['text', 'monthly', E.left([{ source: 'data.attributes.price_units', detail: 'must be an object with unit and amount' }])],
  ];
  for (const [label, priceUnits, expected] of units) {
    it(`${E.isRight(expected) ? 'accepts' : 'refuses'} price_units of ${label}`, () => {
      const result = product({ price_units: priceUnits });
      if (E.isRight(expected)) expect(result).to.deep.equal(E.right({ name: 'Coffee', price_units: expected.right }));
      else expect(result).to.deep.equal(expected);
    });
  }

  it('reads a complete product and ignores unknown fields', () => {
    const attributes = {
      name: 'Coffee beans',
      description: 'Roasted weekly',
      external_ref: 'erp-42',
      sku: 'BEANS-1KG',
      main_image: 'https://example.com/beans.png',
      price: { USD: { amount: 1500, includes_tax: true } },
      price_units: { unit: 'month', amount: 1 },
    };
    expect(parseProductAttributes({ type: 'subscription_product', id: 'x', attributes: { ...attributes, colour: 'brown' } })).to.deep.equal(E.right(attributes));
  });

  it('leaves a null optional field out of a new product', () => {
    expect(parseProductAttributes({ type: 'subscription_product', attributes: { name: 'Coffee', external_ref: null } })).to.deep.equal(E.right({ name: 'Coffee' }));
  });

  const envelopes: ReadonlyArray<[string, unknown, ReadonlyArray<{ source: string; detail: string }>]> = [
    ['data that is not an object', 'product', [{ source: 'data', detail: 'must be an object' }]],
    ['null data', null, [{ source: 'data', detail: 'must be an object' }]],
    ['a missing type', { attributes: { name: 'Coffee' } }, [{ source: 'data.type', detail: 'is required' }]],
    ['a wrong type', { type: 'subscription_plan', attributes: { name: 'Coffee' } }, [{ source: 'data.type', detail: "must be 'subscription_product'" }]],
    ['missing attributes', { type: 'subscription_product' }, [{ source: 'data.attributes', detail: 'must be an object' }]],
    ['attributes that are a list', { type: 'subscription_product', attributes: [] }, [{ source: 'data.attributes', detail: 'must be an object' }]],
    [
      'neither type nor attributes',
      {},
      [
        { source: 'data.type', detail: 'is required' },
        { source: 'data.attributes', detail: 'must be an object' },
      ],
    ],
    ['a missing name', { type: 'subscription_product', attributes: {} }, [{ source: 'data.attributes.name', detail: 'is required' }]],
  ];
  for (const [label, data, problems] of envelopes) {
    it(`refuses ${label}`, () => {
      expect(parseProductAttributes(data)).to.deep.equal(E.left(problems));
      if (label !== 'a missing name') expect(parseProductChanges(data)).to.deep.equal(E.left(problems));
    });
  }

  it('lists every problem at once, each with its path', () => {
    expect(
      parseProductAttributes({
        type: 'subscription_product',
        attributes: {
          name: 'ab',
          description: 'd'.repeat(1025),
          external_ref: 'e'.repeat(2049),
          sku: 's'.repeat(1025),
          main_image: 'ftp://example.com/a.png',
          price: { USD: { amount: 1.5, includes_tax: 'no' }, eur: { amount: 1 }, EUR: { amount: -1 } },
          price_units: { unit: 'year', amount: 0 },
        },
      }),
    ).to.deep.equal(
      E.left([
        { source: 'data.attributes.name', detail: NAME_LIMIT },
        { source: 'data.attributes.description', detail: 'must be at most 1024 characters long' },
        { source: 'data.attributes.external_ref', detail: 'must be at most 2048 characters long' },
        { source: 'data.attributes.sku', detail: 'must be at most 1024 characters long' },
        { source: 'data.attributes.main_image', detail: 'must be an absolute http or https URI' },
        { source: 'data.attributes.price.USD.amount', detail: AMOUNT_LIMIT },
        { source: 'data.attributes.price.USD.includes_tax', detail: 'must be true or false' },
        { source: 'data.attributes.price.eur', detail: CURRENCY_KEY },
        { source: 'data.attributes.price.EUR.amount', detail: AMOUNT_LIMIT },
        { source: 'data.attributes.price_units.unit', detail: "must be 'day' or 'month'" },
        { source: 'data.attributes.price_units.amount', detail: 'must be an integer of at least 1' },
      ]),
    );
  });

  describe('updates', () => {
    const changes = (attributes: Record<string, unknown>) => parseProductChanges({ type: 'subscription_product', attributes });

    it('leaves absent fields out', () => {
      expect(changes({})).to.deep.equal(E.right({}));
      expect(changes({ sku: 'S-1', unknown: 1 })).to.deep.equal(E.right({ sku: 'S-1' }));
    });

    it('keeps null on every optional field, so that it is cleared', () => {
      const cleared = { description: null, external_ref: null, sku: null, main_image: null, price: null, price_units: null };
      expect(changes(cleared)).to.deep.equal(E.right(cleared));
    });

    it('refuses null on the name', () => {
      expect(changes({ name: null })).to.deep.equal(E.left([{ source: 'data.attributes.name', detail: 'cannot be null' }]));
    });

    it('checks the given fields with the same limits', () => {
      expect(changes({ name: 'n'.repeat(1024), sku: 's'.repeat(1024) })).to.deep.equal(E.right({ name: 'n'.repeat(1024), sku: 's'.repeat(1024) }));
      expect(changes({ name: 'ab', price: { USD: { amount: -1 } }, price_units: { unit: 'day', amount: 0 } })).to.deep.equal(
        E.left([
          { source: 'data.attributes.name', detail: NAME_LIMIT },
          { source: 'data.attributes.price.USD.amount', detail: AMOUNT_LIMIT },
          { source: 'data.attributes.price_units.amount', detail: 'must be an integer of at least 1' },
        ]),
      );
    });
  });
});

describe('subscription plans', () => {
  const BASE = { ...PLAN_ATTRIBUTES, can_cancel: false };
  const plan = (attributes: Record<string, unknown>) => parsePlanAttributes({ type: 'subscription_plan', attributes: { ...BASE, ...attributes } });
  const at = (field: string) => `data.attributes.${field}`;

  it('reads a plan with its required fields only', () => {
    expect(plan({})).to.deep.equal(E.right(BASE));
  });

  it('reads a complete plan and ignores unknown fields', () => {
    const attributes = {
      ...BASE,
      description: 'Billed every month',
      external_ref: 'plan-7',
      trial_period: 14,
      base_price_percentage: 12.5,
      fixed_price: { USD: { amount: 900, includes_tax: false } },
    };
    expect(parsePlanAttributes({ type: 'subscription_plan', attributes: { ...attributes, status: 'live' } })).to.deep.equal(E.right(attributes));
  });

  for (const [label, name, expected] of nameCases) {
    it(`${expected === null ? 'accepts' : 'refuses'} a name of ${label}`, () => {
      expectField(plan({ name }), 'name', name, expected, at('name'));
    });
  }

  for (const [field, max] of [
    ['description', 1024],
    ['external_ref', 2048],
  ] as const) {
    for (const [label, value, expected] of maxLengthCases(max)) {
      it(`${expected === null ? 'accepts' : 'refuses'} a ${field} of ${label}`, () => {
        expectField(plan({ [field]: value }), field, value, expected, at(field));
      });
    }
  }

  const INTERVAL = "must be one of 'day', 'week', 'month', 'year'";
  const END = "must be one of 'close', 'roll'";
  const cases: ReadonlyArray<[string, unknown, Expectation]> = [
    ['billing_interval_type', 'day', null],
    ['billing_interval_type', 'week', null],
    ['billing_interval_type', 'month', null],
    ['billing_interval_type', 'year', null],
    ['billing_interval_type', 'fortnight', INTERVAL],
    ['billing_interval_type', 'Month', INTERVAL],
    ['billing_interval_type', 1, INTERVAL],
    ['billing_frequency', 0, 'must be between 1 and 2147483647'],
    ['billing_frequency', 1, null],
    ['billing_frequency', 2147483647, null],
    ['billing_frequency', 2147483648, 'must be between 1 and 2147483647'],
    ['billing_frequency', 1.5, 'must be an integer'],
    ['billing_frequency', '3', 'must be an integer'],
    ['plan_length', 0, 'must be between 1 and 2147483647'],
    ['plan_length', -1, 'must be between 1 and 2147483647'],
    ['plan_length', 1, null],
    ['plan_length', 2147483647, null],
    ['plan_length', 2.5, 'must be an integer'],
    ['trial_period', -1, 'must be between 0 and 2147483647'],
    ['trial_period', 0, null],
    ['trial_period', 30, null],
    ['trial_period', 0.5, 'must be an integer'],
    ['end_behavior', 'close', null],
    ['end_behavior', 'roll', null],
    ['end_behavior', 'stop', END],
    ['end_behavior', true, END],
    ['can_pause', false, null],
    ['can_pause', 'true', 'must be true or false'],
    ['can_resume', false, null],
    ['can_resume', 1, 'must be true or false'],
    ['can_cancel', true, null],
    ['can_cancel', 'no', 'must be true or false'],
    ['base_price_percentage', -0.1, 'must be between 0 and 100'],
    ['base_price_percentage', 0, null],
    ['base_price_percentage', 12.5, null],
    ['base_price_percentage', 33.333, null],
    ['base_price_percentage', 100, null],
    ['base_price_percentage', 100.5, 'must be between 0 and 100'],
    ['base_price_percentage', '10', 'must be a number'],
  ];
  for (const [field, value, expected] of cases) {
    it(`${expected === null ? 'accepts' : 'refuses'} ${field} ${JSON.stringify(value)}`, () => {
      expectField(plan({ [field]: value }), field, value, expected, at(field));
    });
  }

  it('reads a fixed_price map and checks it like a product price', () => {
    expect(plan({ fixed_price: { EUR: { amount: 0, includes_tax: true } } })).to.deep.equal(E.right({ ...BASE, fixed_price: { EUR: { amount: 0, includes_tax: true } } }));
    expect(plan({ fixed_price: { eur: { amount: 1 }, USD: { amount: 2 ** 53 } } })).to.deep.equal(
      E.left([
        { source: at('fixed_price.eur'), detail: CURRENCY_KEY },
        { source: at('fixed_price.USD.amount'), detail: AMOUNT_LIMIT },
      ]),
    );
    expect(plan({ fixed_price: 900 })).to.deep.equal(E.left([{ source: at('fixed_price'), detail: 'must be an object of prices by currency' }]));
  });

  it('lists every missing required field at once', () => {
    expect(parsePlanAttributes({ type: 'subscription_plan', attributes: {} })).to.deep.equal(
      E.left(
        ['name', 'billing_interval_type', 'billing_frequency', 'plan_length', 'end_behavior', 'can_pause', 'can_resume', 'can_cancel'].map((field) => ({
          source: at(field),
          detail: 'is required',
        })),
      ),
    );
  });

  it('refuses a null required boolean on create', () => {
    expect(plan({ can_pause: null })).to.deep.equal(E.left([{ source: at('can_pause'), detail: 'is required' }]));
  });

  it('checks the type and the attributes member', () => {
    expect(parsePlanAttributes({ type: 'subscription_product', attributes: BASE })).to.deep.equal(E.left([{ source: 'data.type', detail: "must be 'subscription_plan'" }]));
    expect(parsePlanAttributes({ attributes: BASE })).to.deep.equal(E.left([{ source: 'data.type', detail: 'is required' }]));
    expect(parsePlanAttributes({ type: 'subscription_plan' })).to.deep.equal(E.left([{ source: 'data.attributes', detail: 'must be an object' }]));
  });

  describe('updates', () => {
    const changes = (attributes: Record<string, unknown>) => parsePlanChanges({ type: 'subscription_plan', attributes });

    it('leaves absent fields out', () => {
      expect(changes({})).to.deep.equal(E.right({}));
      expect(changes({ billing_frequency: 3 })).to.deep.equal(E.right({ billing_frequency: 3 }));
    });

    it('keeps null on optional fields', () => {
      const cleared = { description: null, external_ref: null, trial_period: null, base_price_percentage: null, fixed_price: null };
      expect(changes(cleared)).to.deep.equal(E.right(cleared));
    });

    it('refuses null on every required field', () => {
      const required = ['name', 'billing_interval_type', 'billing_frequency', 'plan_length', 'end_behavior', 'can_pause', 'can_resume', 'can_cancel'];
      expect(changes(Object.fromEntries(required.map((field) => [field, null])))).to.deep.equal(
        E.left(required.map((field) => ({ source: at(field), detail: 'cannot be null' }))),
      );
    });

    it('checks the given fields with the same limits', () => {
      expect(changes({ billing_frequency: 0, plan_length: 0, trial_period: -1, base_price_percentage: 100.5 })).to.deep.equal(
        E.left([
          { source: at('billing_frequency'), detail: 'must be between 1 and 2147483647' },
          { source: at('trial_period'), detail: 'must be between 0 and 2147483647' },
          { source: at('plan_length'), detail: 'must be between 1 and 2147483647' },
          { source: at('base_price_percentage'), detail: 'must be between 0 and 100' },
        ]),
      );
    });

    it('requires the plan type', () => {
      expect(parsePlanChanges({ type: 'subscription_offering', attributes: {} })).to.deep.equal(E.left([{ source: 'data.type', detail: "must be 'subscription_plan'" }]));
    });
  });
});

describe('subscription offerings', () => {
  const offering = (attributes: Record<string, unknown>) => parseOfferingAttributes({ type: 'subscription_offering', attributes: { name: 'Coffee club', ...attributes } });

  for (const [label, name, expected] of nameCases) {
    it(`${expected === null ? 'accepts' : 'refuses'} a name of ${label}`, () => {
      expectField(offering({ name }), 'name', name, expected, 'data.attributes.name');
    });
  }

  for (const [field, max] of [
    ['description', 1024],
    ['external_ref', 2048],
  ] as const) {
    for (const [label, value, expected] of maxLengthCases(max)) {
      it(`${expected === null ? 'accepts' : 'refuses'} a ${field} of ${label}`, () => {
        expectField(offering({ [field]: value }), field, value, expected, `data.attributes.${field}`);
      });
    }
  }

  it('reads the attributes and checks the type', () => {
    expect(offering({ description: 'Beans every month', external_ref: 'club', products: [] })).to.deep.equal(
      E.right({ name: 'Coffee club', description: 'Beans every month', external_ref: 'club' }),
    );
    expect(parseOfferingAttributes({ type: 'subscription_product', attributes: { name: 'Coffee club' } })).to.deep.equal(
      E.left([{ source: 'data.type', detail: "must be 'subscription_offering'" }]),
    );
    expect(parseOfferingAttributes({ type: 'subscription_offering', attributes: {} })).to.deep.equal(E.left([{ source: 'data.attributes.name', detail: 'is required' }]));
  });

  describe('build requests', () => {
    const build = (data: Record<string, unknown>) => parseOfferingBuild({ name: 'Coffee club', products: [uuid(1)], plans: [uuid(2)], ...data });
    const LIST = 'must be a list of 1 to 100 ids';

    it('reads the flat attributes and both lists', () => {
      expect(
        parseOfferingBuild({ name: 'Coffee club', description: 'Beans', external_ref: 'club', products: [uuid(1), uuid(2)], plans: [uuid(3)], type: 'ignored' }),
      ).to.deep.equal(E.right({ attributes: { name: 'Coffee club', description: 'Beans', external_ref: 'club' }, productIds: [uuid(1), uuid(2)], planIds: [uuid(3)] }));
    });

    const lists: ReadonlyArray<[string, unknown, Expectation]> = [
      ['an empty list', [], LIST],
      ['one id', [uuid(1)], null],
      ['100 ids', uuids(100), null],
      ['101 ids', uuids(101), LIST],
      ['a missing list', undefined, LIST],
      ['a single id that is not in a list', uuid(1), LIST],
    ];
    for (const member of ['products', 'plans'] as const) {
      for (const [label, ids, expected] of lists) {
        it(`${expected === null ? 'accepts' : 'refuses'} ${member} as ${label}`, () => {
          const result = build({ [member]: ids });
          if (expected === null) {
            expect(E.isRight(result)).to.equal(true);
            if (E.isRight(result)) expect(member === 'products' ? result.right.productIds : result.right.planIds).to.deep.equal(ids);
          } else {
            expect(result).to.deep.equal(E.left([{ source: `data.${member}`, detail: expected }]));
          }
        });
      }
    }

    it('names the position of every entry that is not a UUID', () => {
      expect(build({ products: [uuid(1), 'not-a-uuid', 42, uuid(2), null] })).to.deep.equal(
        E.left([
          { source: 'data.products.1', detail: 'must be a UUID' },
          { source: 'data.products.2', detail: 'must be a UUID' },
          { source: 'data.products.4', detail: 'must be a UUID' },
        ]),
      );
    });

    it('collapses duplicates, including ones that differ only in case, keeping first-seen order', () => {
      expect(build({ plans: [uuid(3), uuid(2), uuid(3).toUpperCase(), uuid(2)] })).to.deep.equal(
        E.right({ attributes: { name: 'Coffee club' }, productIds: [uuid(1)], planIds: [uuid(3), uuid(2)] }),
      );
    });

    it('counts duplicates against the limit of 100', () => {
      expect(build({ products: Array.from({ length: 101 }, () => uuid(1)) })).to.deep.equal(E.left([{ source: 'data.products', detail: LIST }]));
    });

    it('checks the attributes with the offering limits, at flat paths', () => {
      expect(build({ name: 'ab', description: 'd'.repeat(1025), external_ref: 'e'.repeat(2049) })).to.deep.equal(
        E.left([
          { source: 'data.name', detail: NAME_LIMIT },
          { source: 'data.description', detail: 'must be at most 1024 characters long' },
          { source: 'data.external_ref', detail: 'must be at most 2048 characters long' },
        ]),
      );
    });

    it('lists the problems of the attributes and of both lists at once', () => {
      expect(parseOfferingBuild({ products: [], plans: [uuid(1), 'x'] })).to.deep.equal(
        E.left([
          { source: 'data.name', detail: 'is required' },
          { source: 'data.products', detail: LIST },
          { source: 'data.plans.1', detail: 'must be a UUID' },
        ]),
      );
    });

    it('refuses data that is not an object', () => {
      expect(parseOfferingBuild([uuid(1)])).to.deep.equal(E.left([{ source: 'data', detail: 'must be an object' }]));
    });
  });

  describe('attachments', () => {
    it('reads the named member only', () => {
      expect(parseAttachment({ products: [uuid(1), uuid(1)] }, 'products')).to.deep.equal(E.right([uuid(1)]));
      expect(parseAttachment({ plans: [uuid(2)] }, 'plans')).to.deep.equal(E.right([uuid(2)]));
      expect(parseAttachment({ products: [uuid(2)] }, 'plans')).to.deep.equal(E.left([{ source: 'data.plans', detail: 'must be a list of 1 to 100 ids' }]));
    });

    const sizes: ReadonlyArray<[number, boolean]> = [
      [0, false],
      [1, true],
      [100, true],
      [101, false],
    ];
    for (const [count, valid] of sizes) {
      it(`${valid ? 'accepts' : 'refuses'} ${count} ids`, () => {
        expect(E.isRight(parseAttachment({ plans: uuids(count) }, 'plans'))).to.equal(valid);
      });
    }

    it('names entries that are not UUIDs and refuses data that is not an object', () => {
      expect(parseAttachment({ plans: ['x', uuid(1)] }, 'plans')).to.deep.equal(E.left([{ source: 'data.plans.0', detail: 'must be a UUID' }]));
      expect(parseAttachment('plans', 'plans')).to.deep.equal(E.left([{ source: 'data', detail: 'must be an object' }]));
    });
  });

  describe('copies of products and plans', () => {
    const created = new Date('2024-01-01T00:00:00Z');
    const now = new Date('2024-06-01T12:00:00Z');
    const attributes = (name: string): ProductAttributes => ({ name });
    const counter = () => {
      let next = 900;
      return () => uuid(next++);
    };

    it('gives each copy a new id, keeps the id it came from and the attributes, stamped now', () => {
      expect(withCopies<ProductAttributes>([], [{ id: uuid(1), attributes: attributes('Beans') }], counter(), now)).to.deep.equal([
        { id: uuid(900), originId: uuid(1), attributes: { name: 'Beans' }, createdAt: now, updatedAt: now },
      ]);
    });

    it('keeps the copies already held and skips originals it holds a copy of', () => {
      const held: OfferingItem<ProductAttributes>[] = [{ id: uuid(50), originId: uuid(1), attributes: attributes('Old beans'), createdAt: created, updatedAt: created }];
      const originals = [
        { id: uuid(1), attributes: attributes('New beans') },
        { id: uuid(2), attributes: attributes('Filter') },
        { id: uuid(3), attributes: attributes('Mug') },
      ];
      expect(withCopies(held, originals, counter(), now)).to.deep.equal([
        held[0],
        { id: uuid(900), originId: uuid(2), attributes: { name: 'Filter' }, createdAt: now, updatedAt: now },
        { id: uuid(901), originId: uuid(3), attributes: { name: 'Mug' }, createdAt: now, updatedAt: now },
      ]);
    });

    it('returns the held copies when every original is already held', () => {
      const held: OfferingItem<ProductAttributes>[] = [{ id: uuid(50), originId: uuid(1), attributes: attributes('Beans'), createdAt: created, updatedAt: created }];
      let calls = 0;
      const result = withCopies(held, [{ id: uuid(1), attributes: attributes('Beans') }], () => {
        calls += 1;
        return uuid(999);
      }, now);
      expect(result).to.deep.equal(held);
      expect(calls).to.equal(0);
    });
  });

  describe('external product references', () => {
    const item = (n: number, externalRef?: string): OfferingProduct => ({
      id: uuid(n),
      originId: uuid(100 + n),
      attributes: externalRef === undefined ? { name: `Product ${n}` } : { name: `Product ${n}`, external_ref: externalRef },
      createdAt: new Date(0),
      updatedAt: new Date(0),
    });
    const offeringWith = (products: OfferingProduct[]): Offering => ({
      id: uuid(1),
      storeId: uuid(2),
      attributes: { name: 'Coffee club' },
      version: 1,
      products,
      plans: [],
      createdAt: new Date(0),
      updatedAt: new Date(0),
    });

    it('lists the references of the products that have one, in product order', () => {
      expect(externalProductRefs(offeringWith([item(1, 'erp-1'), item(2), item(3, 'erp-3'), item(4, '')]))).to.deep.equal(['erp-1', 'erp-3', '']);
    });

    it('is empty without products', () => {
      expect(externalProductRefs(offeringWith([]))).to.deep.equal([]);
    });
  });
});
