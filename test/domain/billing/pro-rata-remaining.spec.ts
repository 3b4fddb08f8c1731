import { expect } from 'chai';
import type { Invoice } from '../../../src/domain/billing/invoices/invoice.js';
import { proRataRemainingValue } from '../../../src/domain/billing/proration/pro-rata-remaining.js';
import { anInvoice } from '../../support/invoice-builders.js';

describe("an invoice's pro-rata remaining value (EPCC 2026 pro_rata_remaining_value)", () => {
  // A 31-day period (1 March to 1 April) asking 3,100: 100 a day, rounded down, part days not counted.
  const table: readonly [string, string, number][] = [
    ['before the period', '2026-02-20T00:00:00.000Z', 3100],
    ['at its start', '2026-03-01T00:00:00.000Z', 3100],
    ['half a day in: 30 whole days left', '2026-03-01T12:00:00.000Z', 3000],
    ['ten days in', '2026-03-11T00:00:00.000Z', 2100],
    ['one hour before its end', '2026-03-31T23:00:00.000Z', 0],
    ['at its end', '2026-04-01T00:00:00.000Z', 0],
    ['after it', '2026-05-01T00:00:00.000Z', 0],
  ];
  for (const [when, now, value] of table) {
    it(`${when}: ${value}`, () => expect(proRataRemainingValue(anInvoice(), new Date(now))).to.equal(value));
  }

  it('rounds down to the minor unit', () => {
    const invoice = anInvoice({ amount: 1000 });
    // 1000 × 20 / 31 = 645.16…
    expect(proRataRemainingValue(invoice, new Date('2026-03-12T00:00:00.000Z'))).to.equal(645);
  });

  it('counts the taxes a tax run added, as the amount the invoice asks', () => {
    const invoice = anInvoice({ taxItems: [{ type: 'tax_item', rate: 0.1, amount: 310 }] as Invoice['taxItems'] });
    expect(proRataRemainingValue(invoice, new Date('2026-03-01T00:00:00.000Z'))).to.equal(3410);
  });
});
