import { expect } from 'chai';
import { addIntervals } from '../../../src/domain/catalogue/billing-interval.js';
import type { BillingIntervalType } from '../../../src/domain/catalogue/plan.js';

const at = (iso: string): Date => new Date(iso);

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
