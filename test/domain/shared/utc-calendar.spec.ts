import { expect } from 'chai';
import fc from 'fast-check';
import { civilFromDays, daysFromCivil, MS_PER_DAY } from '../../../src/domain/shared/utc-calendar.js';

describe('the UTC calendar by day counts', () => {
  const table: ReadonlyArray<[string, [number, number, number], number]> = [
    ['the epoch', [1970, 1, 1], 0],
    ['the day before the epoch', [1969, 12, 31], -1],
    ['a leap day', [2024, 2, 29], 19_782],
    ['the day after it', [2024, 3, 1], 19_783],
    ['the first day of year 0', [0, 1, 1], -719_528],
    ['the first day of the eras (0000-03-01)', [0, 3, 1], -719_468],
    ['the last day of year 9999', [9999, 12, 31], 2_932_896],
    ['a day before the common era', [-1, 12, 31], -719_529],
  ];
  for (const [label, [year, month, day], days] of table) {
    it(`counts ${label}`, () => {
      expect(daysFromCivil(year, month, day)).to.equal(days);
      expect(civilFromDays(days)).to.deep.equal({ year, month, day });
    });
  }

  it('agrees with Date for any day a Date can hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (days) => {
        const date = new Date(days * MS_PER_DAY);
        const civil = civilFromDays(days);
        expect(civil).to.deep.equal({
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
        });
        expect(daysFromCivil(civil.year, civil.month, civil.day)).to.equal(days);
      }),
      { numRuns: 2000 },
    );
  });
});
