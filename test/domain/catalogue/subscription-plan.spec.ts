import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { parsePlanAttributes, parsePlanChanges } from '../../../src/domain/catalogue/plan.js';
import {
  AMOUNT_LIMIT,
  CURRENCY_KEY,
  type Expectation,
  expectField,
  maxLengthCases,
  nameCases,
} from '../../support/field-cases.js';
import { PLAN_ATTRIBUTES } from '../../support/subscription-builders.js';

describe('subscription plans', () => {
  const BASE = { ...PLAN_ATTRIBUTES, can_cancel: false };
  const plan = (attributes: Record<string, unknown>) =>
    parsePlanAttributes({ type: 'subscription_plan', attributes: { ...BASE, ...attributes } });
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
    expect(
      parsePlanAttributes({ type: 'subscription_plan', attributes: { ...attributes, status: 'live' } }),
    ).to.deep.equal(E.right(attributes));
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
    expect(plan({ fixed_price: { EUR: { amount: 0, includes_tax: true } } })).to.deep.equal(
      E.right({ ...BASE, fixed_price: { EUR: { amount: 0, includes_tax: true } } }),
    );
    expect(plan({ fixed_price: { eur: { amount: 1 }, USD: { amount: 2 ** 53 } } })).to.deep.equal(
      E.left([
        { source: at('fixed_price.eur'), detail: CURRENCY_KEY },
        { source: at('fixed_price.USD.amount'), detail: AMOUNT_LIMIT },
      ]),
    );
    expect(plan({ fixed_price: 900 })).to.deep.equal(
      E.left([{ source: at('fixed_price'), detail: 'must be an object of prices by currency' }]),
    );
  });

  it('lists every missing required field at once', () => {
    expect(parsePlanAttributes({ type: 'subscription_plan', attributes: {} })).to.deep.equal(
      E.left(
        [
          'name',
          'billing_interval_type',
          'billing_frequency',
          'plan_length',
          'end_behavior',
          'can_pause',
          'can_resume',
          'can_cancel',
        ].map((field) => ({
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
    expect(parsePlanAttributes({ type: 'subscription_product', attributes: BASE })).to.deep.equal(
      E.left([{ source: 'data.type', detail: "must be 'subscription_plan'" }]),
    );
    expect(parsePlanAttributes({ attributes: BASE })).to.deep.equal(
      E.left([{ source: 'data.type', detail: 'is required' }]),
    );
    expect(parsePlanAttributes({ type: 'subscription_plan' })).to.deep.equal(
      E.left([{ source: 'data.attributes', detail: 'must be an object' }]),
    );
  });

  describe('updates', () => {
    const changes = (attributes: Record<string, unknown>) =>
      parsePlanChanges({ type: 'subscription_plan', attributes });

    it('leaves absent fields out', () => {
      expect(changes({})).to.deep.equal(E.right({}));
      expect(changes({ billing_frequency: 3 })).to.deep.equal(E.right({ billing_frequency: 3 }));
    });

    it('keeps null on optional fields', () => {
      const cleared = {
        description: null,
        external_ref: null,
        trial_period: null,
        base_price_percentage: null,
        fixed_price: null,
      };
      expect(changes(cleared)).to.deep.equal(E.right(cleared));
    });

    it('refuses null on every required field', () => {
      const required = [
        'name',
        'billing_interval_type',
        'billing_frequency',
        'plan_length',
        'end_behavior',
        'can_pause',
        'can_resume',
        'can_cancel',
      ];
      expect(changes(Object.fromEntries(required.map((field) => [field, null])))).to.deep.equal(
        E.left(required.map((field) => ({ source: at(field), detail: 'cannot be null' }))),
      );
    });

    it('checks the given fields with the same limits', () => {
      expect(
        changes({ billing_frequency: 0, plan_length: 0, trial_period: -1, base_price_percentage: 100.5 }),
      ).to.deep.equal(
        E.left([
          { source: at('billing_frequency'), detail: 'must be between 1 and 2147483647' },
          { source: at('trial_period'), detail: 'must be between 0 and 2147483647' },
          { source: at('plan_length'), detail: 'must be between 1 and 2147483647' },
          { source: at('base_price_percentage'), detail: 'must be between 0 and 100' },
        ]),
      );
    });

    it('requires the plan type', () => {
      expect(parsePlanChanges({ type: 'subscription_offering', attributes: {} })).to.deep.equal(
        E.left([{ source: 'data.type', detail: "must be 'subscription_plan'" }]),
      );
    });
  });
});
