import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import {
  amountDue,
  type Invoice,
  type InvoiceItem,
  NO_PRORATION,
  numbered,
} from '../../../src/domain/billing/invoices/invoice.js';
import { taxOn, withTaxes } from '../../../src/domain/billing/taxes/taxes.js';
import type { TaxItem } from '../../../src/domain/jobs/job.js';
import { AMOUNT_MAX } from '../../../src/domain/shared/money.js';
import { propertyRuns } from '../../properties/property-runs.js';

const job = randomIds.uuid();
const now = new Date('2026-03-02T00:00:00.000Z');
const start = new Date('2026-03-01T00:00:00.000Z');

const line = (amount: number, includesTax = false): InvoiceItem => ({
  description: 'Coffee beans',
  price: { currency: 'USD', amount, includes_tax: includesTax },
  fromTimePeriod: start,
  untilTimePeriod: new Date('2026-04-01T00:00:00.000Z'),
});

/** An invoice of `lines`, waiting for its taxes. */
const invoiceOf = (lines: readonly InvoiceItem[]): Invoice =>
  numbered(
    {
      id: randomIds.uuid(),
      storeId: randomIds.uuid(),
      subscriptionId: randomIds.uuid(),
      subscriberId: 'account',
      billingPeriod: { start, end: new Date('2026-04-01T00:00:00.000Z') },
      items: lines,
      currency: 'USD',
      amount: lines.reduce((sum, item) => sum + item.price.amount, 0),
      includesTax: false,
      outstanding: true,
      taxRequired: true,
      jobId: job,
      createdAt: start,
      proration: NO_PRORATION,
    },
    1,
  );

const rate = (value: number): TaxItem => ({ type: 'tax_item', rate: value });

const taxesOf = (invoice: Invoice, rates: readonly number[]): readonly number[] => {
  const taxed = withTaxes(invoice, rates.map(rate), job, now);
  if (E.isLeft(taxed)) throw new Error(taxed.left);
  return taxed.right.taxItems.map((t) => t.amount);
};

describe('Taxes, rounded down once per rate on the whole invoice', () => {
  // amount, rate, tax: rates 0 and 1, the example's 0.2, a three-digit rate, a rate of many digits and a tiny one,
  // and a rate whose binary float is below its decimal (0.058), on a whole tax and just below one.
  const table: ReadonlyArray<[number, number, bigint]> = [
    [0, 0.2, 0n],
    [1, 0.2, 0n],
    [5, 0.2, 1n],
    [999, 0, 0n],
    [999, 1, 999n],
    [999, 0.2, 199n],
    [999, 0.175, 174n],
    [1000, 0.175, 175n],
    [999, 0.123456789012345, 123n],
    [100, 0.29, 29n],
    // The rate is read from its shortest decimal text: 0.058 is 58/1000, so 1500 gives exactly 87; the float
    // 5.8 / 100 is 0.057999999999999996, a different rate, and gives 86.
    [1500, 0.058, 87n],
    [1500, 0.057999999999999996, 86n],
    [1499, 0.058, 86n],
    [1000, 0.058, 58n],
    [1, 1e-7, 0n],
    [AMOUNT_MAX, 0, 0n],
    [AMOUNT_MAX, 1, BigInt(AMOUNT_MAX)],
    [AMOUNT_MAX, 0.2, 1801439850948198n],
    [AMOUNT_MAX, 0.175, 1576259869579673n],
    [AMOUNT_MAX, 0.123456789012345, 1111999897984709n],
    [AMOUNT_MAX, 1e-7, 900719925n],
  ];
  for (const [amount, value, tax] of table) {
    it(`${amount} at ${value} is ${tax}`, () => {
      expect(taxOn(amount, value)).to.equal(tax);
    });
  }

  it('applies a rate to the sum of the lines, not to each line (EPCC: no rate per line item)', () => {
    // Per line: 3 × floor(0.6) = 0; on the whole invoice: floor(3 × 0.6) = 1.
    expect(taxesOf(invoiceOf([line(3), line(3), line(3)]), [0.2])).to.deep.equal([1]);
    // 999 + 1 at 17.5 %: 175, where lines alone would give 174 + 0.
    expect(taxesOf(invoiceOf([line(999), line(1)]), [0.175, 0.2])).to.deep.equal([175, 200]);
  });

  it('leaves lines whose price includes tax out of the taxable total', () => {
    expect(taxesOf(invoiceOf([line(1000, true), line(501)]), [0.2])).to.deep.equal([100]);
  });

  it('rounds each rate on its own: two rates are never summed before rounding', () => {
    // 0.5 + 0.5 would be 1 if the rates were added first.
    expect(taxesOf(invoiceOf([line(5)]), [0.1, 0.1])).to.deep.equal([0, 0]);
  });

  it('refuses taxes that would take the amount due past the largest amount, and takes them up to it', () => {
    const largest = invoiceOf([line(AMOUNT_MAX)]);
    expect(withTaxes(largest, [rate(1e-15)], job, now)).to.deep.equal(E.left('amount_too_large'));
    expect(taxesOf(largest, [1e-16])).to.deep.equal([0]);
    const half = invoiceOf([line(4503599627370495)]);
    const taxed = withTaxes(half, [rate(1)], job, now);
    if (E.isLeft(taxed)) throw new Error(taxed.left);
    expect(amountDue(taxed.right)).to.equal(9007199254740990);
  });

  it('each rate is the exact taxable total times its decimal rate, rounded down (any lines, any rates)', () => {
    // A rate of up to 15 significant digits, as decimal text: k / 10^digits, at most 1.
    const aRate = fc
      .tuple(fc.integer({ min: 1, max: 15 }), fc.bigInt({ min: 0n, max: 10n ** 15n }))
      .map(([digits, k]) => {
        const scale = 10n ** BigInt(digits);
        const numerator = k % (scale + 1n);
        return { value: Number(`${numerator}e-${digits}`), numerator, scale };
      });
    const aLine = fc.tuple(fc.integer({ min: 0, max: 2 ** 40 }), fc.boolean());
    fc.assert(
      fc.property(
        fc.array(aLine, { minLength: 1, maxLength: 6 }),
        fc.array(aRate, { minLength: 1, maxLength: 4 }),
        (lines, rates) => {
          const invoice = invoiceOf(lines.map(([amount, inclusive]) => line(amount, inclusive)));
          const taxable = lines.reduce((sum, [amount, inclusive]) => (inclusive ? sum : sum + BigInt(amount)), 0n);
          const taxed = withTaxes(
            invoice,
            rates.map((r) => rate(r.value)),
            job,
            now,
          );
          if (E.isLeft(taxed)) throw new Error(taxed.left);
          const taxes = taxed.right.taxItems.map((t) => t.amount);
          expect(taxes.map(BigInt)).to.deep.equal(rates.map((r) => (taxable * r.numerator) / r.scale));
          for (const tax of taxes) expect(tax).to.be.within(0, Number(taxable));
          expect(BigInt(amountDue(taxed.right))).to.equal(
            BigInt(invoice.amount) + taxes.reduce((sum, tax) => sum + BigInt(tax), 0n),
          );
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });
});
