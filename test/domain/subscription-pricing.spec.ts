import { expect } from 'chai';
import { parseUuid, type Uuid } from '../../src/domain/shared/uuid.js';
import type { PriceMap } from '../../src/domain/subscription/catalogue-fields.js';
import type { OfferingPlan, OfferingProduct } from '../../src/domain/subscription/offering.js';
import type { PlanAttributes } from '../../src/domain/subscription/plan.js';
import { displayPrice, formatAmount, planPrices } from '../../src/domain/subscription/pricing.js';
import { PLAN_ATTRIBUTES } from '../support/subscription-builders.js';

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

const plan = (extra: { readonly base_price_percentage?: number; readonly fixed_price?: PriceMap } = {}): OfferingPlan => {
  const attributes: PlanAttributes = { ...PLAN_ATTRIBUTES, ...extra };
  return { id: uuid(500), originId: uuid(501), attributes, createdAt: new Date(0), updatedAt: new Date(0) };
};

const usd = (amount: number, includesTax?: boolean): PriceMap => ({ USD: includesTax === undefined ? { amount } : { amount, includes_tax: includesTax } });

describe('plan prices', () => {
  it('sums the product prices of each currency', () => {
    expect(planPrices([product({ USD: { amount: 1000 }, EUR: { amount: 900 } }), product({ USD: { amount: 500 }, EUR: { amount: 1 } })], plan())).to.deep.equal({
      USD: { amount: 1500, includes_tax: false },
      EUR: { amount: 901, includes_tax: false },
    });
  });

  const discounts: ReadonlyArray<[number, number, number]> = [
    [1000, 0, 1000],
    [1000, 10, 900],
    [1000, 12.5, 875],
    [1000, 100, 0],
    [1005, 50, 503],
    [1003, 50, 502],
    [999, 33, 669],
    [1, 49, 1],
    [1, 50, 1],
    [1, 51, 0],
    [0, 25, 0],
  ];
  for (const [sum, percentage, amount] of discounts) {
    it(`takes ${percentage}% off ${sum}, rounded to ${amount}`, () => {
      expect(planPrices([product(usd(sum))], plan({ base_price_percentage: percentage }))).to.deep.equal({ USD: { amount, includes_tax: false } });
    });
  }

  it('applies the percentage to the total, not to each product', () => {
    expect(planPrices([product(usd(1)), product(usd(1)), product(usd(1))], plan({ base_price_percentage: 50 }))).to.deep.equal({ USD: { amount: 2, includes_tax: false } });
  });

  it('rounds an exact half up even when the percentage has a decimal fraction', () => {
    expect(planPrices([product(usd(875))], plan({ base_price_percentage: 32.4 }))).to.deep.equal({ USD: { amount: 592, includes_tax: false } });
  });

  it('uses a fixed price in place of the computed one, with its own includes_tax', () => {
    const products = [product({ USD: { amount: 1000, includes_tax: false }, EUR: { amount: 900, includes_tax: true } })];
    expect(planPrices(products, plan({ base_price_percentage: 10, fixed_price: { USD: { amount: 700, includes_tax: true } } }))).to.deep.equal({
      USD: { amount: 700, includes_tax: true },
      EUR: { amount: 810, includes_tax: true },
    });
    expect(planPrices(products, plan({ fixed_price: { USD: { amount: 700 } } }))).to.deep.equal({ USD: { amount: 700 }, EUR: { amount: 900, includes_tax: true } });
  });

  it('keeps fixed prices in currencies no product is priced in', () => {
    expect(planPrices([product(usd(1000))], plan({ fixed_price: { GBP: { amount: 800 } } }))).to.deep.equal({ GBP: { amount: 800 }, USD: { amount: 1000, includes_tax: false } });
  });

  it('skips a currency that one of the products has no price in', () => {
    expect(planPrices([product({ USD: { amount: 1000 }, EUR: { amount: 900 } }), product(usd(500))], plan())).to.deep.equal({ USD: { amount: 1500, includes_tax: false } });
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
      expect(planPrices(flags.map((flag) => product(usd(100, flag))), plan())).to.deep.equal({ USD: { amount: 100 * flags.length, includes_tax: includesTax } });
    });
  }

  it('has only the fixed prices when the offering has no products', () => {
    expect(planPrices([], plan({ base_price_percentage: 50, fixed_price: { USD: { amount: 1200, includes_tax: true } } }))).to.deep.equal({ USD: { amount: 1200, includes_tax: true } });
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
    expect(displayPrice({ USD: { amount: 1000 }, EUR: { amount: 900 } }, 'USD')).to.deep.equal(priced('USD', 1000, '$10.00'));
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
