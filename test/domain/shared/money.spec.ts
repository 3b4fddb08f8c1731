import { expect } from 'chai';
import fc from 'fast-check';
import {
  AMOUNT_MAX,
  asAmount,
  decimalFraction,
  type Fraction,
  fraction,
  majorUnitsText,
  minorUnitDigits,
  remainderOf,
  roundDown,
  spreadByLargestRemainder,
  times,
} from '../../../src/domain/shared/money.js';
import { propertyRuns } from '../../properties/property-runs.js';

const MAX = BigInt(AMOUNT_MAX);
const isPowerOfTen = (n: bigint): boolean => /^10*$/.test(n.toString());

describe('money: exact fractions from decimal text', () => {
  const table: ReadonlyArray<[number, bigint, bigint]> = [
    [0, 0n, 1n],
    [1, 1n, 1n],
    [0.2, 2n, 10n],
    [0.29, 29n, 100n],
    [0.175, 175n, 1000n],
    [0.0725, 725n, 10000n],
    [1e-7, 1n, 10n ** 7n],
    [5e-324, 5n, 10n ** 324n],
    [12.345, 12345n, 1000n],
    [100, 100n, 1n],
    [1e21, 10n ** 21n, 1n],
    [0.123456789012345, 123456789012345n, 10n ** 15n],
    [-0.5, -5n, 10n],
  ];
  for (const [value, numerator, denominator] of table) {
    it(`reads ${value} as ${numerator}/${denominator}`, () => {
      expect(decimalFraction(value)).to.deep.equal({ numerator, denominator });
    });
  }

  it('refuses what is not a finite number, and a denominator of zero', () => {
    expect(() => decimalFraction(Number.NaN)).to.throw(RangeError);
    expect(() => decimalFraction(Number.POSITIVE_INFINITY)).to.throw(RangeError);
    expect(() => fraction(1, 0)).to.throw(RangeError);
  });

  it('gives back the same number when written as decimal text (any double)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const { numerator, denominator } = decimalFraction(value);
        expect(isPowerOfTen(denominator)).to.equal(true);
        expect(Number(`${numerator}e-${denominator.toString().length - 1}`)).to.equal(value === 0 ? 0 : value);
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});

describe('money: rounding down', () => {
  const table: ReadonlyArray<[Fraction, bigint]> = [
    [fraction(0), 0n],
    [fraction(1), 1n],
    [fraction(18905, 10), 1890n],
    [fraction(18909999, 10000), 1890n],
    [fraction(1, 2), 0n],
    [fraction(-1, 2), -1n],
    [fraction(-4, 2), -2n],
    [times(AMOUNT_MAX, fraction(95, 100)), 8556839292003941n],
    [times(AMOUNT_MAX, fraction(1)), MAX],
    [times(AMOUNT_MAX, decimalFraction(0.175)), 1576259869579673n],
  ];
  for (const [value, down] of table) {
    it(`${value.numerator}/${value.denominator} rounds down to ${down}`, () => {
      expect(roundDown(value)).to.equal(down);
    });
  }

  it('is the largest whole number not above the exact value (any fraction)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        (numerator, denominator) => {
          const down = roundDown(fraction(numerator, denominator));
          expect(down * denominator <= numerator).to.equal(true);
          expect((down + 1n) * denominator > numerator).to.equal(true);
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });

  it('takes a part off exactly: 5 % off keeps 95/100', () => {
    expect(remainderOf(fraction(5, 100))).to.deep.equal({ numerator: 95n, denominator: 100n });
  });

  it('gives a number only for amounts within 0..AMOUNT_MAX', () => {
    expect(asAmount(0n)).to.equal(0);
    expect(asAmount(MAX)).to.equal(AMOUNT_MAX);
    expect(asAmount(MAX + 1n)).to.equal(undefined);
    expect(asAmount(-1n)).to.equal(undefined);
  });
});

describe('money: spreading by largest remainder', () => {
  const table: ReadonlyArray<{ name: string; total: bigint; exact: readonly Fraction[]; shares: readonly bigint[] }> = [
    {
      name: 'whole shares stay as they are',
      total: 6n,
      exact: [fraction(1), fraction(2), fraction(3)],
      shares: [1n, 2n, 3n],
    },
    { name: 'a tie goes to the earlier share', total: 1n, exact: [fraction(1, 2), fraction(1, 2)], shares: [1n, 0n] },
    {
      name: 'the largest remainder wins over an earlier one',
      total: 2n,
      exact: [fraction(2, 3), fraction(5, 6), fraction(1, 2)],
      shares: [1n, 1n, 0n],
    },
    {
      name: 'remainders over different denominators compare exactly',
      total: 1n,
      exact: [fraction(333, 1000), fraction(1, 3)],
      shares: [0n, 1n],
    },
    { name: 'nothing to spread', total: 0n, exact: [], shares: [] },
  ];
  for (const c of table) {
    it(c.name, () => {
      expect(spreadByLargestRemainder(c.total, c.exact)).to.deep.equal(c.shares);
    });
  }

  it('refuses a total it cannot reach without leaving a share outside its rounded bounds', () => {
    expect(() => spreadByLargestRemainder(3n, [fraction(1, 2), fraction(1, 2)])).to.throw(RangeError);
    expect(() => spreadByLargestRemainder(0n, [fraction(3, 2)])).to.throw(RangeError);
  });

  it('adds up to the total, each share its exact share rounded down or up (any shares)', () => {
    const exactShare = fc
      .tuple(fc.bigInt({ min: 0n, max: MAX }), fc.bigInt({ min: 1n, max: 10n ** 12n }))
      .map(([n, d]) => fraction(n, d));
    fc.assert(
      fc.property(fc.array(exactShare, { minLength: 1, maxLength: 12 }), (exact) => {
        const lowest = exact.reduce((sum, share) => sum + roundDown(share), 0n);
        const remainders = exact.filter((share) => share.numerator % share.denominator !== 0n).length;
        for (const total of [lowest, lowest + BigInt(remainders)]) {
          const shares = spreadByLargestRemainder(total, exact);
          expect(shares.reduce((sum, share) => sum + share, 0n)).to.equal(total);
          shares.forEach((share, i) => {
            const down = roundDown(exact[i]!);
            expect(share === down || share === down + 1n).to.equal(true);
          });
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe('money: minor units as major-unit decimal text', () => {
  it("writes an amount by its currency's exponent, from the integer's digits", () => {
    const table: ReadonlyArray<[number, string, string]> = [
      [3100, 'USD', '31.00'],
      [1, 'USD', '0.01'],
      [0, 'EUR', '0.00'],
      [99, 'GBP', '0.99'],
      [3100, 'JPY', '3100'],
      [1, 'KWD', '0.001'],
      [12345, 'KWD', '12.345'],
      [AMOUNT_MAX, 'USD', '90071992547409.91'],
      [-250, 'USD', '-2.50'],
    ];
    for (const [amount, currency, text] of table)
      expect(majorUnitsText(amount, currency), `${amount} ${currency}`).to.equal(text);
  });

  it('knows each currency’s minor-unit digits', () => {
    expect(['USD', 'JPY', 'KWD', 'CAD'].map(minorUnitDigits)).to.deep.equal([2, 0, 3, 2]);
  });

  it('reads back to the same minor units for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: AMOUNT_MAX }), fc.constantFrom('USD', 'JPY', 'KWD'), (amount, currency) => {
        const text = majorUnitsText(amount, currency);
        expect(BigInt(text.replace('.', ''))).to.equal(BigInt(amount));
        expect(text.split('.')[1]?.length ?? 0).to.equal(minorUnitDigits(currency));
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});
