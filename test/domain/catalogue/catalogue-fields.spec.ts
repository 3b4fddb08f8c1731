import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { parseProductAttributes } from '../../../src/domain/catalogue/product.js';
import {
  AMOUNT_LIMIT,
  CURRENCY_KEY,
  type Expectation,
  expectField,
  maxLengthCases,
  nameCases,
} from '../../support/field-cases.js';

describe('subscription products', () => {
  const product = (attributes: Record<string, unknown>) =>
    parseProductAttributes({ type: 'subscription_product', attributes: { name: 'Coffee', ...attributes } });

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

  const prices: ReadonlyArray<[string, unknown, E.Either<ReadonlyArray<{ source: string; detail: string }>, unknown>]> =
    [
      ['an empty map', {}, E.right({})],
      ['an amount of 0', { USD: { amount: 0 } }, E.right({ USD: { amount: 0 } })],
      [
        'the largest safe integer',
        { USD: { amount: Number.MAX_SAFE_INTEGER } },
        E.right({ USD: { amount: Number.MAX_SAFE_INTEGER } }),
      ],
      [
        'several currencies with includes_tax',
        { USD: { amount: 1000, includes_tax: false }, EUR: { amount: 900, includes_tax: true } },
        E.right({ USD: { amount: 1000, includes_tax: false }, EUR: { amount: 900, includes_tax: true } }),
      ],
      ['a null includes_tax, left out', { USD: { amount: 1, includes_tax: null } }, E.right({ USD: { amount: 1 } })],
      [
        'an amount of 1.5',
        { USD: { amount: 1.5 } },
        E.left([{ source: 'data.attributes.price.USD.amount', detail: AMOUNT_LIMIT }]),
      ],
      [
        'an amount of -1',
        { USD: { amount: -1 } },
        E.left([{ source: 'data.attributes.price.USD.amount', detail: AMOUNT_LIMIT }]),
      ],
      [
        'an amount of 2^53',
        { USD: { amount: 2 ** 53 } },
        E.left([{ source: 'data.attributes.price.USD.amount', detail: AMOUNT_LIMIT }]),
      ],
      [
        'an amount given as text',
        { USD: { amount: '100' } },
        E.left([{ source: 'data.attributes.price.USD.amount', detail: AMOUNT_LIMIT }]),
      ],
      [
        'a missing amount',
        { USD: { includes_tax: true } },
        E.left([{ source: 'data.attributes.price.USD.amount', detail: AMOUNT_LIMIT }]),
      ],
      [
        'includes_tax as text',
        { USD: { amount: 1, includes_tax: 'yes' } },
        E.left([{ source: 'data.attributes.price.USD.includes_tax', detail: 'must be true or false' }]),
      ],
      [
        'a price that is not an object',
        { USD: 1000 },
        E.left([{ source: 'data.attributes.price.USD', detail: 'must be an object with an amount' }]),
      ],
      [
        'a lower-case currency',
        { usd: { amount: 1 } },
        E.left([{ source: 'data.attributes.price.usd', detail: CURRENCY_KEY }]),
      ],
      [
        'a two-letter currency',
        { US: { amount: 1 } },
        E.left([{ source: 'data.attributes.price.US', detail: CURRENCY_KEY }]),
      ],
      [
        'a four-letter currency',
        { USDT: { amount: 1 } },
        E.left([{ source: 'data.attributes.price.USDT', detail: CURRENCY_KEY }]),
      ],
      [
        'a currency with a digit',
        { US1: { amount: 1 } },
        E.left([{ source: 'data.attributes.price.US1', detail: CURRENCY_KEY }]),
      ],
      [
        'a list',
        [{ amount: 1 }],
        E.left([{ source: 'data.attributes.price', detail: 'must be an object of prices by currency' }]),
      ],
      [
        'a number',
        1000,
        E.left([{ source: 'data.attributes.price', detail: 'must be an object of prices by currency' }]),
      ],
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
  const units: ReadonlyArray<[string, unknown, E.Either<ReadonlyArray<{ source: string; detail: string }>, unknown>]> =
    [
      ['1 day', { unit: 'day', amount: 1 }, E.right({ unit: 'day', amount: 1 })],
      ['12 months', { unit: 'month', amount: 12 }, E.right({ unit: 'month', amount: 12 })],
      [
        'an amount of 0',
        { unit: 'day', amount: 0 },
        E.left([{ source: 'data.attributes.price_units.amount', detail: UNIT_AMOUNT }]),
      ],
      [
        'an amount of 1.5',
        { unit: 'day', amount: 1.5 },
        E.left([{ source: 'data.attributes.price_units.amount', detail: UNIT_AMOUNT }]),
      ],
      [
        'a missing amount',
        { unit: 'month' },
        E.left([{ source: 'data.attributes.price_units.amount', detail: UNIT_AMOUNT }]),
      ],
      [
        'a unit of week',
        { unit: 'week', amount: 1 },
        E.left([{ source: 'data.attributes.price_units.unit', detail: UNIT }]),
      ],
      ['a missing unit', { amount: 1 }, E.left([{ source: 'data.attributes.price_units.unit', detail: UNIT }])],
      [
        'both wrong',
        { unit: 'Month', amount: -1 },
        E.left([
          { source: 'data.attributes.price_units.unit', detail: UNIT },
          { source: 'data.attributes.price_units.amount', detail: UNIT_AMOUNT },
        ]),
      ],
      [
        'text',
        'monthly',
        E.left([{ source: 'data.attributes.price_units', detail: 'must be an object with unit and amount' }]),
      ],
    ];
  for (const [label, priceUnits, expected] of units) {
    it(`${E.isRight(expected) ? 'accepts' : 'refuses'} price_units of ${label}`, () => {
      const result = product({ price_units: priceUnits });
      if (E.isRight(expected)) expect(result).to.deep.equal(E.right({ name: 'Coffee', price_units: expected.right }));
      else expect(result).to.deep.equal(expected);
    });
  }
});
