import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { afterRetriesSpent } from '../../../src/domain/billing/dunning/dunning-action.js';
import {
  afterAttempt,
  DEFAULT_RETRY_POLICY,
  isDueForPayment,
  nextAttemptDue,
  retryPolicyOf,
} from '../../../src/domain/billing/dunning/payment-retry.js';
import { type Invoice, numbered } from '../../../src/domain/billing/invoices/invoice.js';
import { discountShares, invoiceDraft } from '../../../src/domain/billing/invoices/invoice-items.js';
import type { InvoicePayment } from '../../../src/domain/billing/payments/invoice-payment.js';
import { settled } from '../../../src/domain/billing/payments/settlement.js';
import { taxOn, withTaxes } from '../../../src/domain/billing/taxes/taxes.js';
import { discounted } from '../../../src/domain/catalogue/pricing.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';

const at = (iso: string) => new Date(iso);
const store = randomIds.uuid();
const job = randomIds.uuid();
const period = { start: at('2026-03-01T00:00:00.000Z'), end: at('2026-04-01T00:00:00.000Z'), trial: false };
const context = { id: randomIds.uuid(), jobId: job, now: at('2026-03-01T01:00:00.000Z') };

const draftOf = (
  products: ReturnType<typeof aProduct>[],
  plan: ReturnType<typeof aPlan>,
  currency = 'USD',
  trial = false,
) => {
  const offering = anOffering(store, products, [plan]);
  return invoiceDraft(aSubscription(offering, randomIds.uuid(), { currency }), offering, { ...period, trial }, context);
};

const anInvoice = (overrides: Partial<Invoice> = {}): Invoice => {
  const draft = draftOf([aProduct(store, { price: { USD: { amount: 999, includes_tax: false } } })], aPlan(store));
  if (E.isLeft(draft)) throw new Error(draft.left);
  return { ...numbered(draft.right, 1), ...overrides };
};

describe('Invoice building', () => {
  it('one line per product, less the plan discount, adding up exactly to the plan price', () => {
    const products = [1001, 1001, 1001].map((amount) =>
      aProduct(store, { price: { USD: { amount, includes_tax: false } } }),
    );
    const draft = draftOf(products, aPlan(store, { base_price_percentage: 10 }));
    if (E.isLeft(draft)) throw new Error(draft.left);
    // 3003 less 10 % is 2702.7, rounded down to 2702; each line's 900.9 rounds down to 900 and the two
    // units left go to the first two lines (equal remainders: the earlier first).
    expect(draft.right.items.map((i) => i.price.amount)).to.deep.equal([901, 901, 900]);
    expect(draft.right.amount).to.equal(2702);
    expect(
      draft.right.items.every(
        (i) => i.productId !== undefined && i.fromTimePeriod === period.start && i.untilTimePeriod === period.end,
      ),
    ).to.equal(true);
    expect(draft.right).to.deep.include({ currency: 'USD', includesTax: false, taxRequired: true, outstanding: true });
  });

  it('spreads the rounding difference by largest remainder, the earlier line first on a tie', () => {
    const products = [1005, 1005].map((amount) => aProduct(store, { price: { USD: { amount, includes_tax: false } } }));
    const draft = draftOf(products, aPlan(store, { base_price_percentage: 50 }));
    if (E.isLeft(draft)) throw new Error(draft.left);
    // 2010 / 2 = 1005; each line's 502.5 rounds down to 502, and the unit left goes to the first line.
    expect(draft.right.items.map((i) => i.price.amount)).to.deep.equal([503, 502]);
    expect(draft.right.amount).to.equal(1005);
  });

  it('a fixed plan price is one plan-level line without a product', () => {
    const draft = draftOf(
      [aProduct(store)],
      aPlan(store, { name: 'Gold', fixed_price: { USD: { amount: 4999, includes_tax: true } } }),
    );
    if (E.isLeft(draft)) throw new Error(draft.left);
    expect(draft.right.items).to.deep.equal([
      {
        description: 'Gold',
        price: { currency: 'USD', amount: 4999, includes_tax: true },
        fromTimePeriod: period.start,
        untilTimePeriod: period.end,
      },
    ]);
    expect(draft.right).to.deep.include({ amount: 4999, includesTax: true, taxRequired: false, outstanding: true });
  });

  it('a trial is invoiced at zero, not outstanding and needing no tax', () => {
    const draft = draftOf([aProduct(store)], aPlan(store), 'USD', true);
    if (E.isLeft(draft)) throw new Error(draft.left);
    expect(draft.right).to.deep.include({ amount: 0, outstanding: false, taxRequired: false });
    expect(draft.right.items[0]?.description).to.equal('Coffee beans (trial)');
  });

  it('refuses a currency the plan has no price in', () => {
    expect(draftOf([aProduct(store)], aPlan(store), 'GBP')).to.deep.equal(E.left('the plan has no price in GBP'));
  });
});

describe('Invoice lines of a discounted plan', () => {
  // Each case: product prices, the plan's discount, the lines expected. Lines add up to the plan price,
  // none is below zero or above its product's price.
  const cases: ReadonlyArray<{
    name: string;
    prices: readonly number[];
    percentage: number;
    lines: readonly number[];
  }> = [
    {
      name: '1, 1, 0 at 50 %: the unit goes to the first half, the zero line stays zero',
      prices: [1, 1, 0],
      percentage: 50,
      lines: [1, 0, 0],
    },
    { name: '3 × 333 at 33.33 %', prices: [333, 333, 333], percentage: 33.33, lines: [222, 222, 222] },
    {
      name: '0, 1, 1 at 50 %: the zero line first still stays zero',
      prices: [0, 1, 1],
      percentage: 50,
      lines: [0, 1, 0],
    },
    {
      name: '1 × 7 at 50 %: 3.5 rounds down to 3, one unit each to the first three',
      prices: [1, 1, 1, 1, 1, 1, 1],
      percentage: 50,
      lines: [1, 1, 1, 0, 0, 0, 0],
    },
    { name: 'larger fractions win over earlier lines', prices: [10, 20, 40], percentage: 33.33, lines: [6, 13, 27] },
    { name: 'EPCC: 1990 at 5 % is 1890.5, rounded down to 1890', prices: [1990], percentage: 5, lines: [1890] },
    { name: 'EPCC: 5000 and 7500 at 5 % is 11875', prices: [5000, 7500], percentage: 5, lines: [4750, 7125] },
    {
      name: 'the largest amount at 5 % stays exact',
      prices: [Number.MAX_SAFE_INTEGER],
      percentage: 5,
      lines: [8556839292003941],
    },
    { name: 'a 100 % discount is zero everywhere', prices: [999, 1, 0], percentage: 100, lines: [0, 0, 0] },
    { name: 'no discount keeps every price', prices: [999, 1, 0], percentage: 0, lines: [999, 1, 0] },
    {
      name: '99.99 % leaves a unit where the remainder is largest',
      prices: [5000, 4999, 1],
      percentage: 99.99,
      lines: [1, 0, 0],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const products = c.prices.map((amount) => aProduct(store, { price: { USD: { amount, includes_tax: false } } }));
      const draft = draftOf(products, aPlan(store, { base_price_percentage: c.percentage }));
      if (E.isLeft(draft)) throw new Error(draft.left);
      const lines = draft.right.items.map((i) => i.price.amount);
      expect(lines).to.deep.equal(c.lines);
      expect(draft.right.amount).to.equal(
        Number(
          discounted(
            c.prices.reduce((a, b) => a + BigInt(b), 0n),
            c.percentage,
          ),
        ),
      );
      for (const [i, line] of lines.entries()) expect(line).to.be.within(0, c.prices[i]!);
    });
  }

  it('lines always add up to the plan price within their product prices (any prices, any discount)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 10_000 }),
        (prices, hundredths) => {
          const percentage = hundredths / 100;
          const total = discounted(
            prices.reduce((a, b) => a + b, 0),
            percentage,
          );
          const shares = discountShares(prices, percentage);
          expect(BigInt(shares.reduce((a, b) => a + b, 0))).to.equal(total);
          for (const [i, share] of shares.entries()) expect(share).to.be.within(0, prices[i]!);
        },
      ),
    );
  });

  it('the plan price is the exact discounted sum rounded down, at any accepted amount (BigInt reference)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.maxSafeNat(), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 10_000 }),
        (prices, hundredths) => {
          const sum = prices.reduce((a, b) => a + BigInt(b), 0n);
          const expected = (sum * BigInt(10_000 - hundredths)) / 10_000n;
          expect(discounted(sum, hundredths / 100)).to.equal(expected);
          expect(expected <= sum && expected >= 0n).to.equal(true);
          const shares = discountShares(prices, hundredths / 100);
          expect(shares.reduce((a, b) => a + BigInt(b), 0n)).to.equal(expected);
          for (const [i, share] of shares.entries()) expect(share).to.be.within(0, prices[i]!);
        },
      ),
    );
  });

  it('refuses to invoice a plan whose price would exceed the largest amount, naming the currency', () => {
    const products = [Number.MAX_SAFE_INTEGER, 1].map((amount) =>
      aProduct(store, { price: { USD: { amount, includes_tax: false } } }),
    );
    expect(draftOf(products, aPlan(store))).to.deep.equal(
      E.left("the plan's price in USD would exceed 9007199254740991 minor units"),
    );
    const halved = draftOf(products, aPlan(store, { base_price_percentage: 50 }));
    if (E.isLeft(halved)) throw new Error(halved.left);
    expect(halved.right.items.map((i) => i.price.amount)).to.deep.equal([4503599627370496, 0]);
    expect(halved.right.amount).to.equal(4503599627370496);
  });
});

describe('Tax on mixed lines', () => {
  const line = (amount: number, includes_tax: boolean) => aProduct(store, { price: { USD: { amount, includes_tax } } });
  const cases: ReadonlyArray<{
    name: string;
    products: ReadonlyArray<[number, boolean]>;
    includesTax: boolean;
    taxRequired: boolean;
    tax: number;
  }> = [
    {
      name: 'every line exclusive: all of it taxed',
      products: [
        [1000, false],
        [500, false],
      ],
      includesTax: false,
      taxRequired: true,
      tax: 300,
    },
    {
      name: 'every line inclusive: no tax needed',
      products: [
        [1000, true],
        [500, true],
      ],
      includesTax: true,
      taxRequired: false,
      tax: 0,
    },
    {
      name: 'mixed: only the exclusive line is taxed',
      products: [
        [1000, true],
        [500, false],
      ],
      includesTax: false,
      taxRequired: true,
      tax: 100,
    },
    {
      name: 'mixed with the exclusive line free: no tax needed',
      products: [
        [1000, true],
        [0, false],
      ],
      includesTax: true,
      taxRequired: false,
      tax: 0,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const draft = draftOf(
        c.products.map(([amount, inclusive]) => line(amount, inclusive)),
        aPlan(store),
      );
      if (E.isLeft(draft)) throw new Error(draft.left);
      expect(draft.right).to.deep.include({ includesTax: c.includesTax, taxRequired: c.taxRequired });
      const taxed = withTaxes(
        { ...numbered(draft.right, 1), taxRequired: true },
        [{ type: 'tax_item', rate: 0.2 }],
        job,
        at('2026-03-02T00:00:00.000Z'),
      );
      if (E.isLeft(taxed)) throw new Error(taxed.left);
      expect(taxed.right.taxItems.map((t) => t.amount)).to.deep.equal([c.tax]);
    });
  }

  it('a trial says whether its paid periods will need tax, and needs none itself', () => {
    const draft = draftOf([line(1000, true), line(500, false)], aPlan(store), 'USD', true);
    if (E.isLeft(draft)) throw new Error(draft.left);
    expect(draft.right).to.deep.include({ amount: 0, includesTax: false, taxRequired: false });
  });
});

describe('Taxes', () => {
  it('round down, exactly, whatever binary floats would say', () => {
    expect(taxOn(100, 0.29)).to.equal(29n);
    expect(taxOn(999, 0.2)).to.equal(199n);
    expect(taxOn(1000, 0.07)).to.equal(70n);
    expect(taxOn(12345, 0.0725)).to.equal(895n);
    expect(taxOn(1, 1e-7)).to.equal(0n);
    expect(taxOn(3, 1.5)).to.equal(4n);
  });

  it("apply every rate to the invoice's tax-exclusive total, rounded down once per rate", () => {
    const invoice = anInvoice({
      items: [
        anInvoice().items[0]!,
        { ...anInvoice().items[0]!, price: { currency: 'USD', amount: 1, includes_tax: false } },
      ],
      amount: 1000,
    });
    const now = at('2026-03-02T00:00:00.000Z');
    const taxed = withTaxes(
      invoice,
      [
        { type: 'tax_item', rate: 0.2, name: 'VAT' },
        { type: 'tax_item', rate: 0.5 },
      ],
      job,
      now,
    );
    if (E.isLeft(taxed)) throw new Error(taxed.left);
    // 999 + 1 = 1000: 200 and 500 (rounded per line they would lose a unit each: 199 + 0, 499 + 0).
    expect(taxed.right.taxItems.map((t) => t.amount)).to.deep.equal([200, 500]);
    expect(taxed.right).to.deep.include({ taxRequired: false, taxesAddedAt: now, taxJobId: job });
    expect(withTaxes(taxed.right, [{ type: 'tax_item', rate: 0.1 }], job, now)).to.deep.equal(E.left('already_taxed'));
    expect(withTaxes(anInvoice({ taxRequired: false }), [{ type: 'tax_item', rate: 0.1 }], job, now)).to.deep.equal(
      E.left('not_tax_required'),
    );
  });
});

describe('Payment retries', () => {
  const ready = anInvoice({ taxRequired: false });
  const now = at('2026-03-05T00:00:00.000Z');

  it('default: daily, 10 retries after the first attempt', () => {
    expect(retryPolicyOf(undefined)).to.deep.equal(DEFAULT_RETRY_POLICY);
    let invoice = ready;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const when = new Date(now.getTime() + attempt * 86_400_000);
      expect(isDueForPayment(invoice, DEFAULT_RETRY_POLICY, when), `attempt ${attempt + 1}`).to.equal(true);
      expect(isDueForPayment(invoice, DEFAULT_RETRY_POLICY, new Date(when.getTime() - 1)) || attempt === 0).to.equal(
        attempt === 0,
      );
      invoice = afterAttempt(invoice, 'failed', DEFAULT_RETRY_POLICY, when);
    }
    expect(invoice).to.deep.include({ failedPaymentAttempts: 11, paymentRetriesLimitReached: true, outstanding: true });
    expect(isDueForPayment(invoice, DEFAULT_RETRY_POLICY, at('2030-01-01T00:00:00.000Z'))).to.equal(false);
  });

  it('a rule of every 2 weeks, no retries', () => {
    const policy = retryPolicyOf({
      payment_retry_type: 'fixed',
      payment_retry_unit: 'week',
      payment_retry_interval: 2,
      payment_retries_limit: 0,
      action: 'suspend',
    });
    expect(policy).to.deep.equal({
      type: 'fixed',
      unit: 'week',
      interval: 2,
      multiplier: 1,
      limit: 0,
      action: 'suspend',
    });
    expect(afterAttempt(ready, 'failed', policy, now).paymentRetriesLimitReached).to.equal(true);
  });

  it('waits while taxes are missing, a manual payment is pending, or once paid', () => {
    expect(isDueForPayment(anInvoice(), DEFAULT_RETRY_POLICY, now)).to.equal(false);
    expect(
      isDueForPayment(afterAttempt(ready, 'pending', DEFAULT_RETRY_POLICY, now), DEFAULT_RETRY_POLICY, now),
    ).to.equal(false);
    expect(
      isDueForPayment(afterAttempt(ready, 'succeeded', DEFAULT_RETRY_POLICY, now), DEFAULT_RETRY_POLICY, now),
    ).to.equal(false);
  });

  it('applies the dunning action once, a pause or a close recorded in the state history', () => {
    const offering = anOffering(store, [aProduct(store)], [aPlan(store)]);
    const subscription = aSubscription(offering, randomIds.uuid());
    const stateId = randomIds.uuid();
    expect(afterRetriesSpent(subscription, 'none', now, stateId)).to.equal(undefined);
    const paused = afterRetriesSpent(subscription, 'pause', now, stateId);
    expect(paused?.subscription.flags.paused).to.equal(true);
    expect(paused?.subscription.pausedBy, 'EPCC 2026: paused_by dunning').to.equal('dunning');
    expect(paused?.state).to.deep.include({
      id: stateId,
      subscriptionId: subscription.id,
      action: 'pause',
      createdAt: now,
    });
    expect(paused?.state?.flags).to.deep.include({ paused: true, closed: false });
    expect(afterRetriesSpent(paused!.subscription, 'pause', now, stateId)).to.equal(undefined);
    const suspended = afterRetriesSpent(subscription, 'suspend', now, stateId);
    expect(suspended?.subscription.flags.suspended).to.equal(true);
    expect(suspended?.state).to.equal(undefined);
    const closed = afterRetriesSpent(subscription, 'close', now, stateId);
    expect(closed?.subscription).to.deep.include({ flags: { ...subscription.flags, canceled: true } });
    expect(closed?.state).to.deep.include({ action: 'cancel' });
    expect(closed?.state?.flags).to.deep.include({ canceled: true, closed: true });
  });
});

describe('Manual settlement', () => {
  const now = at('2026-03-06T00:00:00.000Z');
  const pendingInvoice = afterAttempt(anInvoice({ taxRequired: false }), 'pending', DEFAULT_RETRY_POLICY, now);
  const payment: InvoicePayment = {
    id: randomIds.uuid(),
    storeId: store,
    invoiceId: pendingInvoice.id,
    subscriptionId: pendingInvoice.subscriptionId,
    jobId: job,
    gateway: 'manual',
    status: 'pending',
    amount: 999,
    currency: 'USD',
    includesTax: false,
    createdAt: now,
    updatedAt: now,
    amountRefunded: 0,
  };

  it('taken: the invoice is paid', () => {
    const done = settled(
      pendingInvoice,
      payment,
      { success: true, external_payment_id: 'cash-1' },
      DEFAULT_RETRY_POLICY,
      now,
    );
    if (E.isLeft(done)) throw new Error('refused');
    expect(done.right.invoice).to.deep.include({ outstanding: false, manualPaymentPending: false });
    expect(done.right.payment).to.deep.include({
      status: 'succeeded',
      externalPaymentId: 'cash-1',
      paymentTakenAt: now,
    });
    expect(
      E.isLeft(settled(done.right.invoice, done.right.payment, { success: true }, DEFAULT_RETRY_POLICY, now)),
    ).to.equal(true);
  });

  it('taken at a time the merchant gives: up to now, not a millisecond later', () => {
    const earlier = at('2026-03-05T22:00:00.000Z');
    const done = settled(
      pendingInvoice,
      payment,
      { success: true, payment_taken_at: earlier },
      DEFAULT_RETRY_POLICY,
      now,
    );
    expect(E.isRight(done) && done.right.payment.paymentTakenAt).to.deep.equal(earlier);
    const atNow = settled(pendingInvoice, payment, { success: true, payment_taken_at: now }, DEFAULT_RETRY_POLICY, now);
    expect(E.isRight(atNow) && atNow.right.payment.paymentTakenAt).to.deep.equal(now);
    const later = settled(
      pendingInvoice,
      payment,
      { success: true, payment_taken_at: new Date(now.getTime() + 1) },
      DEFAULT_RETRY_POLICY,
      now,
    );
    expect(E.isLeft(later) && later.left).to.deep.equal({
      _tag: 'ValidationFailed',
      issues: [{ source: 'data.attributes.payment_taken_at', detail: 'must not be later than now' }],
    });
  });

  it('failed: one more failed attempt', () => {
    const done = settled(
      pendingInvoice,
      payment,
      { success: false, failure_detail: 'cheque bounced' },
      DEFAULT_RETRY_POLICY,
      now,
    );
    if (E.isLeft(done)) throw new Error('refused');
    expect(done.right.invoice).to.deep.include({
      outstanding: true,
      manualPaymentPending: false,
      failedPaymentAttempts: 1,
      lastPaymentAttemptAt: now,
    });
    expect(done.right.payment).to.deep.include({ status: 'failed', failureReason: 'cheque bounced' });
  });

  it('failed at a time the merchant gives: the payment’s time, and the attempt the next retry waits from; up to now', () => {
    const attempted = at('2026-03-04T12:00:00.000Z');
    const done = settled(
      pendingInvoice,
      payment,
      { success: false, failure_detail: 'Card Failure', payment_taken_at: attempted },
      DEFAULT_RETRY_POLICY,
      now,
    );
    if (E.isLeft(done)) throw new Error('refused');
    expect(done.right.payment).to.deep.include({ status: 'failed', paymentTakenAt: attempted, updatedAt: now });
    expect(done.right.invoice).to.deep.include({
      failedPaymentAttempts: 1,
      lastPaymentAttemptAt: attempted,
      updatedAt: now,
    });
    // A retry a day after the attempt: due since 2026-03-05T12:00, before the settlement said it failed.
    expect(nextAttemptDue(done.right.invoice, DEFAULT_RETRY_POLICY)).to.equal(at('2026-03-05T12:00:00.000Z').getTime());
    expect(isDueForPayment(done.right.invoice, DEFAULT_RETRY_POLICY, now)).to.equal(true);

    const unsaid = settled(pendingInvoice, payment, { success: false }, DEFAULT_RETRY_POLICY, now);
    if (E.isLeft(unsaid)) throw new Error('refused');
    expect(unsaid.right.payment.paymentTakenAt, 'no time said: none shown, as for a gateway’s failure').to.equal(
      undefined,
    );
    expect(nextAttemptDue(unsaid.right.invoice, DEFAULT_RETRY_POLICY), 'a day after the settlement').to.equal(
      now.getTime() + 86_400_000,
    );
    const atNow = settled(
      pendingInvoice,
      payment,
      { success: false, payment_taken_at: now },
      DEFAULT_RETRY_POLICY,
      now,
    );
    expect(E.isRight(atNow) && atNow.right.payment.paymentTakenAt).to.deep.equal(now);
    const later = settled(
      pendingInvoice,
      payment,
      { success: false, payment_taken_at: new Date(now.getTime() + 1) },
      DEFAULT_RETRY_POLICY,
      now,
    );
    expect(E.isLeft(later) && later.left).to.deep.equal({
      _tag: 'ValidationFailed',
      issues: [{ source: 'data.attributes.payment_taken_at', detail: 'must not be later than now' }],
    });
  });

  it('refuses a pending payment of another gateway: an attempt in flight is settled by its gateway, not by hand', () => {
    for (const success of [true, false]) {
      const refused = settled(
        pendingInvoice,
        { ...payment, gateway: 'elastic_path_payments_stripe' },
        { success },
        DEFAULT_RETRY_POLICY,
        now,
      );
      expect(E.isLeft(refused) && refused.left).to.deep.include({ _tag: 'Conflict', code: 'payment_not_pending' });
    }
  });
});
