import { expect } from 'chai';
import fc from 'fast-check';
import { addIntervals, endOfCurrentPeriod, type BillingCycle } from '../../src/domain/subscription/billing.js';
import { BILLING_INTERVAL_TYPES, type BillingIntervalType } from '../../src/domain/subscription/plan.js';

const at = (iso: string): Date => new Date(iso);
const cycle = (billing_interval_type: BillingIntervalType, billing_frequency = 1): BillingCycle => ({ billing_interval_type, billing_frequency });

describe('adding billing intervals', () => {
  const table: ReadonlyArray<[string, BillingIntervalType, number, string]> = [
    ['2024-01-15T10:30:00.000Z', 'day', 1, '2024-01-16T10:30:00.000Z'],
    ['2024-02-28T23:59:59.999Z', 'day', 1, '2024-02-29T23:59:59.999Z'],
    ['2024-12-31T00:00:00.000Z', 'day', 1, '2025-01-01T00:00:00.000Z'],
    ['2024-03-30T01:30:00.000Z', 'day', 2, '2024-04-01T01:30:00.000Z'],
    ['2024-01-15T10:30:00.000Z', 'week', 1, '2024-01-22T10:30:00.000Z'],
    ['2024-12-30T06:00:00.000Z', 'week', 2, '2025-01-13T06:00:00.000Z'],
    ['2024-01-15T10:30:00.000Z', 'month', 1, '2024-02-15T10:30:00.000Z'],
    ['2024-01-31T08:15:30.250Z', 'month', 1, '2024-02-29T08:15:30.250Z'],
    ['2023-01-31T08:15:30.250Z', 'month', 1, '2023-02-28T08:15:30.250Z'],
    ['2100-01-31T00:00:00.000Z', 'month', 1, '2100-02-28T00:00:00.000Z'],
    ['2000-01-31T00:00:00.000Z', 'month', 1, '2000-02-29T00:00:00.000Z'],
    ['2024-01-31T08:00:00.000Z', 'month', 2, '2024-03-31T08:00:00.000Z'],
    ['2024-03-31T08:00:00.000Z', 'month', 1, '2024-04-30T08:00:00.000Z'],
    ['2024-08-31T08:00:00.000Z', 'month', 3, '2024-11-30T08:00:00.000Z'],
    ['2024-12-15T23:00:00.000Z', 'month', 1, '2025-01-15T23:00:00.000Z'],
    ['2024-01-31T08:00:00.000Z', 'month', 13, '2025-02-28T08:00:00.000Z'],
    ['2020-01-31T12:00:00.000Z', 'month', 60, '2025-01-31T12:00:00.000Z'],
    ['2024-02-29T12:00:00.000Z', 'year', 1, '2025-02-28T12:00:00.000Z'],
    ['2024-02-29T12:00:00.000Z', 'year', 4, '2028-02-29T12:00:00.000Z'],
    ['2023-06-30T12:00:00.000Z', 'year', 2, '2025-06-30T12:00:00.000Z'],
    ['2024-05-05T05:05:05.005Z', 'month', 0, '2024-05-05T05:05:05.005Z'],
  ];
  for (const [start, type, count, expected] of table) {
    it(`${start} + ${count} ${type} = ${expected}`, () => {
      expect(addIntervals(at(start), type, count).toISOString()).to.equal(expected);
    });
  }

  it('leaves its argument unchanged', () => {
    const start = at('2024-01-31T08:00:00.000Z');
    addIntervals(start, 'month', 1);
    expect(start.toISOString()).to.equal('2024-01-31T08:00:00.000Z');
  });
});

describe('end of the current billing period', () => {
  const start = '2024-01-31T09:00:00.000Z';
  const table: ReadonlyArray<[string, string, BillingCycle, string, string]> = [
    ['at the start', start, cycle('month'), start, '2024-02-29T09:00:00.000Z'],
    ['within the first month', start, cycle('month'), '2024-02-10T00:00:00.000Z', '2024-02-29T09:00:00.000Z'],
    ['a millisecond before a boundary', start, cycle('month'), '2024-02-29T08:59:59.999Z', '2024-02-29T09:00:00.000Z'],
    ['exactly at a boundary', start, cycle('month'), '2024-02-29T09:00:00.000Z', '2024-03-31T09:00:00.000Z'],
    ['after a clamped month, back on the 31st', start, cycle('month'), '2024-03-01T00:00:00.000Z', '2024-03-31T09:00:00.000Z'],
    ['in a 30-day month', start, cycle('month'), '2024-04-30T09:00:00.000Z', '2024-05-31T09:00:00.000Z'],
    ['five years of monthly billing, just before a boundary', '2020-01-31T12:00:00.000Z', cycle('month'), '2025-01-31T11:59:59.999Z', '2025-01-31T12:00:00.000Z'],
    ['five years of monthly billing, at a boundary', '2020-01-31T12:00:00.000Z', cycle('month'), '2025-01-31T12:00:00.000Z', '2025-02-28T12:00:00.000Z'],
    ['monthly billing in a leap February', '2020-01-31T12:00:00.000Z', cycle('month'), '2024-02-15T00:00:00.000Z', '2024-02-29T12:00:00.000Z'],
    ['quarterly, just before a boundary', start, cycle('month', 3), '2024-04-30T08:59:59.999Z', '2024-04-30T09:00:00.000Z'],
    ['quarterly, at a boundary', start, cycle('month', 3), '2024-04-30T09:00:00.000Z', '2024-07-31T09:00:00.000Z'],
    ['quarterly, in the third period', start, cycle('month', 3), '2024-09-01T00:00:00.000Z', '2024-10-31T09:00:00.000Z'],
    ['daily', '2024-01-01T06:00:00.000Z', cycle('day'), '2024-03-01T05:59:59.999Z', '2024-03-01T06:00:00.000Z'],
    ['every 10 days', '2024-01-01T06:00:00.000Z', cycle('day', 10), '2024-01-21T06:00:00.000Z', '2024-01-31T06:00:00.000Z'],
    ['fortnightly', '2024-01-01T00:00:00.000Z', cycle('week', 2), '2024-01-20T00:00:00.000Z', '2024-01-29T00:00:00.000Z'],
    ['yearly from a leap day', '2024-02-29T00:00:00.000Z', cycle('year'), '2026-03-01T00:00:00.000Z', '2027-02-28T00:00:00.000Z'],
    ['yearly, back on a leap day', '2024-02-29T00:00:00.000Z', cycle('year'), '2027-02-28T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
    ['every two years', '2024-06-15T00:00:00.000Z', cycle('year', 2), '2030-01-01T00:00:00.000Z', '2030-06-15T00:00:00.000Z'],
  ];
  for (const [label, from, billing, now, expected] of table) {
    it(`ends at ${expected} ${label}`, () => {
      expect(endOfCurrentPeriod(at(from), billing, at(now)).toISOString()).to.equal(expected);
    });
  }

  it('ends each period after now and begins it at or before now', () => {
    const MIN = at('1970-01-01T00:00:00.000Z').getTime();
    const MAX = at('2100-01-01T00:00:00.000Z').getTime();
    fc.assert(
      fc.property(
        fc.integer({ min: MIN, max: MAX }),
        fc.constantFrom(...BILLING_INTERVAL_TYPES),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 40 * 366 * 86_400_000 }),
        (startMs, type, frequency, elapsed) => {
          const start = new Date(startMs);
          const now = new Date(startMs + elapsed);
          const end = endOfCurrentPeriod(start, cycle(type, frequency), now);
          const after = (periods: number) => addIntervals(start, type, frequency * periods);
          // Period ends grow with the count, so the count that gives `end` is found by bisection.
          let low = 1;
          let high = 1;
          while (after(high).getTime() < end.getTime()) high *= 2;
          while (low < high) {
            const mid = Math.floor((low + high) / 2);
            if (after(mid).getTime() < end.getTime()) low = mid + 1;
            else high = mid;
          }
          expect(after(low).getTime(), 'a period end').to.equal(end.getTime());
          expect(end.getTime()).to.be.greaterThan(now.getTime());
          expect(after(low - 1).getTime()).to.be.at.most(now.getTime());
        },
      ),
      { numRuns: 500 },
    );
  });
});
