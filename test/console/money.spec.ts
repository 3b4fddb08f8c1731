import { expect } from 'chai';
import fc from 'fast-check';
import { AMOUNT_MAX, currencyDigits, majorUnits, minorUnits, money } from '../../console/src/money.js';
import { propertyRuns } from '../properties/property-runs.js';

describe('Console: amounts shown as money', () => {
  const table: [{ amount: number; currency: string } | undefined, string][] = [
    [{ amount: 1500, currency: 'USD' }, '$15.00'],
    [{ amount: 999, currency: 'USD' }, '$9.99'],
    [{ amount: 1, currency: 'USD' }, '$0.01'],
    [{ amount: 0, currency: 'EUR' }, '€0.00'],
    [{ amount: 1500, currency: 'JPY' }, '¥1,500'],
    [{ amount: 1500, currency: 'KWD' }, 'KWD\u00a01.500'],
    [{ amount: 1, currency: 'BHD' }, 'BHD\u00a00.001'],
    [{ amount: -250, currency: 'USD' }, '-$2.50'],
    // Exact to the last cent at the largest amount, where amount / 100 would round.
    [{ amount: AMOUNT_MAX, currency: 'USD' }, '$90,071,992,547,409.91'],
    [{ amount: AMOUNT_MAX, currency: 'JPY' }, '¥9,007,199,254,740,991'],
    [{ amount: 1500, currency: 'U$D' }, '1500 U$D (minor units)'],
    [{ amount: 1.5, currency: 'USD' }, '1.5 USD (minor units)'],
    [undefined, '—'],
  ];
  for (const [price, expected] of table)
    it(`${JSON.stringify(price)} → ${expected}`, () => expect(money(price)).to.equal(expected));
});

describe('Console: prices typed in major units', () => {
  it("reads each currency's minor-unit digits from Intl (CLDR), as the API's display_price does", () => {
    expect(['USD', 'EUR', 'JPY', 'KWD', 'BHD', 'TND', 'CLP'].map((c) => currencyDigits('Currency', c))).to.deep.equal([
      2, 2, 0, 3, 3, 3, 0,
    ]);
    expect(() => currencyDigits('Currency', 'usd')).to.throw('Currency: usd is not a three-letter code such as USD');
    expect(() => currencyDigits('Currency', 'US')).to.throw('Currency: US is not a three-letter code');
  });

  // typed, currency, minor units
  const read: [string, string, number][] = [
    ['9.99', 'USD', 999],
    ['15', 'USD', 1500],
    ['15.5', 'USD', 1550],
    ['15.50', 'USD', 1550],
    ['0.01', 'USD', 1],
    ['0', 'USD', 0],
    ['.5', 'EUR', 50],
    ['1500', 'JPY', 1500],
    ['1500.0', 'JPY', 1500],
    ['1.5', 'KWD', 1500],
    ['0.001', 'BHD', 1],
    ['12.345', 'TND', 12345],
    ['90071992547409.91', 'USD', AMOUNT_MAX],
    ['9007199254740991', 'JPY', AMOUNT_MAX],
  ];
  for (const [typed, currency, amount] of read)
    it(`${typed} ${currency} is ${amount} minor units`, () =>
      expect(minorUnits('Price', typed, currency)).to.equal(amount));

  const refused: [string, string, string][] = [
    ['9.999', 'USD', 'Price: USD has 2 decimals, 9.999 has 3'],
    ['0.001', 'EUR', 'Price: EUR has 2 decimals, 0.001 has 3'],
    ['15.5', 'JPY', 'Price: JPY has no minor unit, so 15.5 cannot be charged (whole JPY only)'],
    ['1.2345', 'KWD', 'Price: KWD has 3 decimals, 1.2345 has 4'],
    ['90071992547409.92', 'USD', 'Price: at most $90,071,992,547,409.91'],
    ['9007199254740992', 'JPY', 'Price: at most ¥9,007,199,254,740,991'],
    ['9,99', 'USD', 'Price: 9,99 takes a point for decimals'],
    ['-1', 'USD', 'Price: -1 must not be negative'],
    ['10', 'EURO', 'Currency: EURO is not a three-letter code such as USD'],
  ];
  for (const [typed, currency, problem] of refused)
    it(`refuses ${typed} ${currency}`, () => expect(() => minorUnits('Price', typed, currency)).to.throw(problem));

  const shown: [number, string, string][] = [
    [999, 'USD', '9.99'],
    [1500, 'USD', '15'],
    [1, 'USD', '0.01'],
    [1500, 'JPY', '1500'],
    [1500, 'KWD', '1.5'],
    [AMOUNT_MAX, 'USD', '90071992547409.91'],
  ];
  for (const [amount, currency, text] of shown)
    it(`${amount} ${currency} is written ${text} in a form`, () => expect(majorUnits(amount, currency)).to.equal(text));

  it('reads back every amount it writes, in every kind of currency', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: AMOUNT_MAX }), fc.constantFrom('USD', 'JPY', 'KWD'), (amount, currency) => {
        expect(minorUnits('Price', majorUnits(amount, currency), currency)).to.equal(amount);
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});
