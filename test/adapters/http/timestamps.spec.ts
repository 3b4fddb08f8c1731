import { expect } from 'chai';
import fc from 'fast-check';
import { formatOptionalTimestamp, formatTimestamp } from '../../../src/adapters/http/timestamps.js';

describe('timestamps in documents', () => {
  const table: ReadonlyArray<[string, Date, string]> = [
    ['the epoch', new Date(0), '1970-01-01T00:00:00.000000000Z'],
    ['a millisecond', new Date('2026-11-23T10:20:30.456Z'), '2026-11-23T10:20:30.456000000Z'],
    ['the last millisecond of year 9999', new Date('9999-12-31T23:59:59.999Z'), '9999-12-31T23:59:59.999000000Z'],
    ['a year past 9999', new Date(Date.UTC(10000, 0, 1)), '+010000-01-01T00:00:00.000000000Z'],
    ['the first instant of year 0', new Date(-62_167_219_200_000), '0000-01-01T00:00:00.000000000Z'],
    ['the last millisecond before year 0', new Date(-62_167_219_200_001), '-000001-12-31T23:59:59.999000000Z'],
    ['a leap day', new Date('2024-02-29T23:59:59.001Z'), '2024-02-29T23:59:59.001000000Z'],
    [
      'the day after a leap day of a year divisible by 400',
      new Date('2000-03-01T00:00:00.010Z'),
      '2000-03-01T00:00:00.010000000Z',
    ],
    [
      'the last day of a year divisible by 100 but not 400',
      new Date('2100-12-31T12:00:00.100Z'),
      '2100-12-31T12:00:00.100000000Z',
    ],
    ['a day before the epoch', new Date(-1), '1969-12-31T23:59:59.999000000Z'],
    ['a year before the common era', new Date(Date.UTC(-1, 0, 1)), '-000001-01-01T00:00:00.000000000Z'],
  ];
  for (const [label, date, text] of table) {
    it(`writes ${label} with nine fractional digits`, () => {
      expect(formatTimestamp(date)).to.equal(text);
    });
  }

  it('reads back as the same instant, for any date a Date can hold', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        const text = formatTimestamp(date);
        expect(text).to.match(/\.\d{9}Z$/);
        expect(new Date(text.replace(/(\.\d{3})\d{6}Z$/, '$1Z')).getTime()).to.equal(date.getTime());
      }),
    );
  });

  it('writes what toISOString writes, with six more digits, for any date a Date can hold', () => {
    const isoWithNanoseconds = (date: Date) => `${date.toISOString().slice(0, -1)}000000Z`;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.date({ noInvalidDate: true }),
          fc.date({
            min: new Date('0000-01-01T00:00:00Z'),
            max: new Date('9999-12-31T23:59:59.999Z'),
            noInvalidDate: true,
          }),
        ),
        (date) => {
          expect(formatTimestamp(date)).to.equal(isoWithNanoseconds(date));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('writes null for an absent time', () => {
    expect(formatOptionalTimestamp(null)).to.equal(null);
  });
});
