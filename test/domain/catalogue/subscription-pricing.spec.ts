import { expect } from 'chai';
import type { PriceMap } from '../../../src/domain/catalogue/catalogue-fields.js';
import type { OfferingPlan, OfferingProduct } from '../../../src/domain/catalogue/offering.js';
import type { PlanAttributes } from '../../../src/domain/catalogue/plan.js';
import { displayPrice, formatAmount, planPrices, planPricing } from '../../../src/domain/catalogue/pricing.js';
import { parseUuid, type Uuid } from '../../../src/domain/shared/uuid.js';
import { PLAN_ATTRIBUTES } from '../../support/subscription-builders.js';

const uuid = (n: number): Uuid => {
  const id = parseUuid(`00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`);
  if (id === undefined) throw new Error(`not a UUID: ${n}`);
  return id;
};

let nextId = 1;
const product = (price?: PriceMap): OfferingProduct => {
  const n = nextId++;
  return {
    id: uuid(n),
    originId: uuid(1000 + n),
    attributes: price === undefined ? { name: `Product ${n}` } : { name: `Product ${n}`, price },
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
};

const plan = (
  extra: { readonly base_price_percentage?: number; readonly fixed_price?: PriceMap } = {},
): OfferingPlan => {
  const attributes: PlanAttributes = { ...PLAN_ATTRIBUTES, ...extra };
  return { id: uuid(500), originId: uuid(501), attributes, createdAt: new Date(0), updatedAt: new Date(0) };
};

const usd = (amount: number, includesTax?: boolean): PriceMap => ({
  USD: includesTax === undefined ? { amount } : { amount, includes_tax: includesTax },
});

describe('plan prices', () => {
  it('sums the product prices of each currency', () => {
    expect(
      planPrices(
        [
          product({ USD: { amount: 1000 }, EUR: { amount: 900 } }),
          product({ USD: { amount: 500 }, EUR: { amount: 1 } }),
        ],
        plan(),
      ),
    ).to.deep.equal({
      USD: { amount: 1500, includes_tax: false },
      EUR: { amount: 901, includes_tax: false },
    });
  });

  const discounts: ReadonlyArray<[number, number, number]> = [
    [1000, 0, 1000],
    [1000, 10, 900],
    [1000, 12.5, 875],
    [1000, 100, 0],
    [1005, 50, 502],
    [1003, 50, 501],
    [999, 33, 669],
    [1, 0, 1],
    [1, 49, 0],
    [1, 50, 0],
    [1, 51, 0],
    [0, 25, 0],
    [0, 0, 0],
    // EPCC's own examples ($50 at 5 %, $125 at 10 %) and the one "rounds down to the penny" decides.
    [5000, 5, 4750],
    [12500, 10, 11250],
    [1990, 5, 1890],
    // A percentage is exact to its last written digit: 87.655 % of 10000 is 8765.5.
    [10000, 12.345, 8765],
    [10000, 33.333333333333336, 6666],
    [3, 1e-7, 2],
    // sum × kept past 2^53 as a float gave 3270912914821.
    [4610816062617, 29.06, 3270912914820],
    [Number.MAX_SAFE_INTEGER, 0, Number.MAX_SAFE_INTEGER],
    [Number.MAX_SAFE_INTEGER, 5, 8556839292003941],
    [Number.MAX_SAFE_INTEGER, 99.99, 900719925474],
    [Number.MAX_SAFE_INTEGER, 100, 0],
  ];
  for (const [sum, percentage, amount] of discounts) {
    it(`takes ${percentage}% off ${sum}, rounded down to ${amount}`, () => {
      expect(planPrices([product(usd(sum))], plan({ base_price_percentage: percentage }))).to.deep.equal({
        USD: { amount, includes_tax: false },
      });
    });
  }

  it('applies the percentage to the total, not to each product', () => {
    // 1.5 rounds down to 1; each product alone would round 0.5 down to 0.
    expect(
      planPrices([product(usd(1)), product(usd(1)), product(usd(1))], plan({ base_price_percentage: 50 })),
    ).to.deep.equal({ USD: { amount: 1, includes_tax: false } });
  });

  it('rounds an exact half down even when the percentage has a decimal fraction', () => {
    expect(planPrices([product(usd(875))], plan({ base_price_percentage: 32.4 }))).to.deep.equal({
      USD: { amount: 591, includes_tax: false },
    });
  });

  it('sums products past 2^53 exactly and prices the plan when the discount brings it back within the largest amount', () => {
    const max = Number.MAX_SAFE_INTEGER;
    // (2^53 − 1) × 2 × 50 % = 2^53 − 1, exactly; a float sum would have rounded to 2^54.
    expect(planPricing([product(usd(max)), product(usd(max))], plan({ base_price_percentage: 50 }))).to.deep.equal({
      prices: { USD: { amount: max, includes_tax: false } },
      tooLarge: [],
    });
  });

  it('leaves out, and names, a currency whose plan price would exceed the largest amount', () => {
    const products = [
      product({ USD: { amount: Number.MAX_SAFE_INTEGER }, EUR: { amount: 1 } }),
      product({ USD: { amount: 1 }, EUR: { amount: 1 } }),
    ];
    expect(planPricing(products, plan())).to.deep.equal({
      prices: { EUR: { amount: 2, includes_tax: false } },
      tooLarge: ['USD'],
    });
    expect(planPricing(products, plan({ base_price_percentage: 0.000001 }))).to.deep.equal({
      prices: { EUR: { amount: 1, includes_tax: false }, USD: { amount: 9007199164668999, includes_tax: false } },
      tooLarge: [],
    });
    expect(planPricing(products, plan({ fixed_price: { USD: { amount: 10 } } }))).to.deep.equal({
      prices: { USD: { amount: 10 }, EUR: { amount: 2, includes_tax: false } },
      tooLarge: [],
    });
  });

  it('uses a fixed price in place of the computed one, with its own includes_tax', () => {
    const products = [
      product({ USD: { amount: 1000, includes_tax: false }, EUR: { amount: 900, includes_tax: true } }),
    ];
    expect(
      planPrices(
        products,
        plan({ base_price_percentage: 10, fixed_price: { USD: { amount: 700, includes_tax: true } } }),
      ),
    ).to.deep.equal({
      USD: { amount: 700, includes_tax: true },
      EUR: { amount: 810, includes_tax: true },
    });
    expect(planPrices(products, plan({ fixed_price: { USD: { amount: 700 } } }))).to.deep.equal({
      USD: { amount: 700 },
      EUR: { amount: 900, includes_tax: true },
    });
  });

  it('keeps fixed prices in currencies no product is priced in', () => {
    expect(planPrices([product(usd(1000))], plan({ fixed_price: { GBP: { amount: 800 } } }))).to.deep.equal({
      GBP: { amount: 800 },
      USD: { amount: 1000, includes_tax: false },
    });
  });

  it('skips a currency that one of the products has no price in', () => {
    expect(
      planPrices([product({ USD: { amount: 1000 }, EUR: { amount: 900 } }), product(usd(500))], plan()),
    ).to.deep.equal({ USD: { amount: 1500, includes_tax: false } });
    expect(planPrices([product(usd(1000)), product()], plan())).to.deep.equal({});
  });

  const taxes: ReadonlyArray<[string, ReadonlyArray<boolean | undefined>, boolean]> = [
    ['every product includes tax', [true, true], true],
    ['one product excludes tax', [true, false], false],
    ['one product does not say', [true, undefined], false],
    ['no product says', [undefined, undefined], false],
    ['the only product includes tax', [true], true],
  ];
  for (const [label, flags, includesTax] of taxes) {
    it(`includes tax ${includesTax ? 'only because' : 'not, as'} ${label}`, () => {
      expect(
        planPrices(
          flags.map((flag) => product(usd(100, flag))),
          plan(),
        ),
      ).to.deep.equal({ USD: { amount: 100 * flags.length, includes_tax: includesTax } });
    });
  }

  it('has only the fixed prices when the offering has no products', () => {
    expect(
      planPrices([], plan({ base_price_percentage: 50, fixed_price: { USD: { amount: 1200, includes_tax: true } } })),
    ).to.deep.equal({ USD: { amount: 1200, includes_tax: true } });
    expect(planPrices([], plan())).to.deep.equal({});
  });
});

describe('formatted amounts', () => {
  const amounts: ReadonlyArray<[number, string, string]> = [
    [1000, 'USD', '$10.00'],
    [5, 'USD', '$0.05'],
    [0, 'USD', '$0.00'],
    [123456, 'USD', '$1,234.56'],
    [1000, 'EUR', '€10.00'],
    [100, 'GBP', '£1.00'],
    [1000, 'JPY', '¥1,000'],
    [1, 'JPY', '¥1'],
    [Number.MAX_SAFE_INTEGER, 'JPY', '¥9,007,199,254,740,991'],
  ];
  for (const [amount, currency, formatted] of amounts) {
    it(`formats ${amount} ${currency} as ${formatted}`, () => {
      expect(formatAmount(amount, currency)).to.equal(formatted);
    });
  }

  it('uses three decimals for a currency that has them', () => {
    expect(formatAmount(1234, 'KWD')).to.match(/1\.234$/);
  });

  it('formats the largest accepted amount to the cent', () => {
    expect(formatAmount(Number.MAX_SAFE_INTEGER, 'USD')).to.equal('$90,071,992,547,409.91');
  });
});

describe('display prices', () => {
  const priced = (currency: string, amount: number, formatted: string) => {
    const price = { amount, currency, formatted };
    return { without_tax: price, with_tax: price };
  };

  it('is absent without prices', () => {
    expect(displayPrice(undefined)).to.equal(undefined);
    expect(displayPrice({})).to.equal(undefined);
    expect(displayPrice({}, 'USD')).to.equal(undefined);
  });

  it('shows the preferred currency when the price has it', () => {
    expect(displayPrice({ USD: { amount: 1000 }, EUR: { amount: 900 } }, 'USD')).to.deep.equal(
      priced('USD', 1000, '$10.00'),
    );
  });

  it('falls back to the first currency in code order', () => {
    const prices: PriceMap = { USD: { amount: 1000 }, JPY: { amount: 1000 }, EUR: { amount: 900 } };
    expect(displayPrice(prices, 'GBP')).to.deep.equal(priced('EUR', 900, '€9.00'));
    expect(displayPrice(prices)).to.deep.equal(priced('EUR', 900, '€9.00'));
    expect(displayPrice({ USD: { amount: 1000 }, JPY: { amount: 1000 } })).to.deep.equal(priced('JPY', 1000, '¥1,000'));
  });

  it('carries the stored amount in both views, whatever includes_tax says', () => {
    expect(displayPrice({ USD: { amount: 1999, includes_tax: true } })).to.deep.equal(priced('USD', 1999, '$19.99'));
  });
});
