import { expect } from 'chai';
import fc from 'fast-check';
import {
  decimalText,
  EXACT_DIGITS,
  parseDecimal,
  percentFromRate,
  percentNumber,
  rateFromPercent,
} from '../../console/src/decimal.js';
import { taxOn } from '../../src/domain/billing/taxes/taxes.js';
import { decimalFraction, fraction } from '../../src/domain/shared/money.js';
import { propertyRuns } from '../properties/property-runs.js';

describe('Console: decimals as typed', () => {
  const read: [string, string][] = [
    ['0', '0'],
    ['00', '0'],
    ['5.8', '5.8'],
    ['5.80', '5.8'],
    ['9.99', '9.99'],
    ['.5', '0.5'],
    ['7.', '7'],
    [' 12.50 ', '12.5'],
    ['0.000001', '0.000001'],
    ['90071992547409.91', '90071992547409.91'],
  ];
  for (const [typed, canonical] of read)
    it(`"${typed}" is ${canonical}`, () => expect(decimalText(parseDecimal('Price', typed))).to.equal(canonical));

  const refused: [string, string][] = [
    ['', 'Price: is required'],
    ['.', 'Price: . must be a number such as 12 or 12.50'],
    ['-1', 'Price: -1 must not be negative'],
    ['1,500', 'Price: 1,500 takes a point for decimals and no thousands separator (1500.50)'],
    ['9,99', 'Price: 9,99 takes a point for decimals and no thousands separator (1500.50)'],
    ['1e3', 'Price: 1e3 must be a number such as 12 or 12.50'],
    ['1.2.3', 'Price: 1.2.3 must be a number such as 12 or 12.50'],
    ['$5', 'Price: $5 must be a number such as 12 or 12.50'],
    ['+5', 'Price: +5 must be a number such as 12 or 12.50'],
    ['Infinity', 'Price: Infinity must be a number such as 12 or 12.50'],
  ];
  for (const [typed, problem] of refused)
    it(`refuses "${typed}": ${problem}`, () => expect(() => parseDecimal('Price', typed)).to.throw(problem));
});

describe('Console: a percentage as the API reads it', () => {
  // typed %, the rate sent, the JSON text it is sent as.
  const rates: [string, number, string][] = [
    ['5.8', 0.058, '0.058'],
    ['20', 0.2, '0.2'],
    ['17.5', 0.175, '0.175'],
    ['0', 0, '0'],
    ['100', 1, '1'],
    ['100.000', 1, '1'],
    ['0.001', 0.00001, '0.00001'],
    ['0.00001', 1e-7, '1e-7'],
    ['12.3456789012345', 0.123456789012345, '0.123456789012345'],
    ['7.7', 0.077, '0.077'],
  ];
  for (const [typed, rate, json] of rates)
    it(`${typed} % is the rate ${json}`, () => {
      const sent = rateFromPercent('Rate', typed);
      expect(sent).to.equal(rate);
      expect(JSON.stringify({ rate: sent })).to.equal(`{"rate":${json}}`);
    });

  it('taxes 1500 at 5.8 % as 87, where 5.8 / 100 in binary floating point gave 86', () => {
    expect(taxOn(1500, rateFromPercent('Rate', '5.8'))).to.equal(87n);
    expect(5.8 / 100).to.equal(0.057999999999999996);
    expect(taxOn(1500, 5.8 / 100)).to.equal(86n);
  });

  const refused: [string, string][] = [
    ['100.01', 'Rate: 100.01 % is more than 100 %'],
    ['101', 'Rate: 101 % is more than 100 %'],
    ['12.34567890123456', `Rate: 0.1234567890123456 has more than ${EXACT_DIGITS} significant digits`],
    ['-5', 'Rate: -5 must not be negative'],
    ['5,8', 'Rate: 5,8 takes a point for decimals'],
  ];
  for (const [typed, problem] of refused)
    it(`refuses ${typed} %`, () => expect(() => rateFromPercent('Rate', typed)).to.throw(problem));

  it('keeps a percentage as typed: 12.5 is 12.5, 5.8 is 5.8', () => {
    expect(percentNumber('Discount', '12.5')).to.equal(12.5);
    expect(JSON.stringify(percentNumber('Discount', '5.80'))).to.equal('5.8');
    expect(() => percentNumber('Discount', '150')).to.throw('Discount: 150 % is more than 100 %');
  });

  it('sends every percentage of up to 15 significant digits as the exact rate the API reads (its decimal text / 100)', () => {
    // Up to 15 significant digits at any scale, from 0 to 100 %.
    const typedPercent = fc
      .integer({ min: 0, max: 15 })
      .chain((scale) =>
        fc
          .bigInt({ min: 0n, max: [100n * 10n ** BigInt(scale), 10n ** 15n - 1n].reduce((a, b) => (a < b ? a : b)) })
          .map((digits) => ({ digits, scale })),
      );
    fc.assert(
      fc.property(typedPercent, ({ digits, scale }) => {
        const typed = decimalText({ digits, scale });
        const read = decimalFraction(rateFromPercent('Rate', typed));
        const exact = fraction(digits, 100n * 10n ** BigInt(scale));
        // Equal fractions: a/b = c/d exactly when a·d = c·b.
        expect(read.numerator * exact.denominator).to.equal(exact.numerator * read.denominator);
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});

describe('Console: a rate shown as a percentage', () => {
  const table: [number, string][] = [
    [0.058, '5.8'],
    [0.2, '20'],
    [1, '100'],
    [0, '0'],
    [0.175, '17.5'],
    [0.12345, '12.345'],
  ];
  for (const [rate, percent] of table)
    it(`${rate} is ${percent} %`, () => expect(percentFromRate(rate)).to.equal(percent));
});
