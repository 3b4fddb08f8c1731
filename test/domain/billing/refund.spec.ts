import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import type { InvoicePayment } from '../../../src/domain/billing/payments/invoice-payment.js';
import {
  parseRefundRequest,
  refundable,
  refunded,
  refundGiven,
  refundWithdrawn,
} from '../../../src/domain/billing/payments/refund.js';

const now = new Date('2026-03-06T00:00:00.000Z');
const taken: InvoicePayment = {
  id: randomIds.uuid(),
  storeId: randomIds.uuid(),
  invoiceId: randomIds.uuid(),
  subscriptionId: randomIds.uuid(),
  jobId: randomIds.uuid(),
  gateway: 'manual',
  status: 'succeeded',
  amount: 1000,
  currency: 'USD',
  includesTax: true,
  createdAt: new Date('2026-03-01T00:00:00.000Z'),
  updatedAt: new Date('2026-03-01T00:00:00.000Z'),
  paymentTakenAt: new Date('2026-03-01T00:00:00.000Z'),
  amountRefunded: 0,
};

describe('Refunds of invoice payments', () => {
  it('refunds a taken manual payment up to what is left of it, and no more', () => {
    const table: readonly [string, Partial<InvoicePayment>, number, boolean][] = [
      ['a penny of an untouched payment', {}, 1, true],
      ['all of it', {}, 1000, true],
      ['a penny more than it took', {}, 1001, false],
      ['what is left after a part', { amountRefunded: 400 }, 600, true],
      ['a penny more than what is left', { amountRefunded: 400 }, 601, false],
      ['anything once all is given back', { amountRefunded: 1000 }, 1, false],
      ['a pending payment', { status: 'pending' }, 1, false],
      ['a failed payment', { status: 'failed', failureReason: 'declined' }, 1, false],
      ["a gateway's payment, the gateway unable to refund", { gateway: 'cash_on_delivery' }, 1, false],
    ];
    for (const [what, payment, amount, accepted] of table) {
      const result = refunded({ ...taken, ...payment }, { amount, reason: what }, randomIds.uuid(), now, false);
      expect(E.isRight(result), what).to.equal(accepted);
      if (E.isLeft(result))
        expect(result.left, what).to.deep.include({ _tag: 'Unprocessable', code: 'payment_not_refundable' });
    }
  });

  it("adds the refund to the payment at the time given, and the refund takes the payment's currency and gateway", () => {
    const id = randomIds.uuid();
    const result = refunded({ ...taken, amountRefunded: 250 }, { amount: 300, reason: 'late delivery' }, id, now);
    if (E.isLeft(result)) throw new Error('refused');
    expect(result.right.payment).to.deep.equal({ ...taken, amountRefunded: 550, updatedAt: now });
    expect(refundable(result.right.payment)).to.equal(450);
    expect(result.right.refund).to.deep.equal({
      id,
      storeId: taken.storeId,
      invoiceId: taken.invoiceId,
      paymentId: taken.id,
      subscriptionId: taken.subscriptionId,
      amount: 300,
      currency: 'USD',
      reason: 'late delivery',
      status: 'succeeded',
      gateway: 'manual',
      createdAt: now,
    });
  });

  it("holds a gateway's refund pending, counted against what is left, until the gateway answers", () => {
    const stripePaid = { ...taken, gateway: 'elastic_path_payments_stripe', externalPaymentId: 'pi_1' };
    const table: readonly [string, number, number, boolean][] = [
      ['all of it', 0, 1000, true],
      ['what is left after a pending part', 400, 600, true],
      ['a penny more than a pending part leaves', 400, 601, false],
    ];
    for (const [what, before, amount, accepted] of table) {
      const result = refunded(
        { ...stripePaid, amountRefunded: before },
        { amount, reason: what },
        randomIds.uuid(),
        now,
        true,
      );
      expect(E.isRight(result), what).to.equal(accepted);
      if (E.isRight(result)) {
        expect(result.right.refund.status, what).to.equal('pending');
        expect(result.right.payment.amountRefunded, what).to.equal(before + amount);
      }
    }
    const held = refunded(stripePaid, { amount: 300, reason: 'r' }, randomIds.uuid(), now, true);
    if (E.isLeft(held)) throw new Error('refused');
    const given = refundGiven(held.right.payment, held.right.refund, 're_1');
    expect(E.isRight(given) && given.right.refund).to.deep.include({ status: 'succeeded', externalRefundId: 're_1' });
    expect(E.isRight(given) && given.right.payment.amountRefunded).to.equal(300);
    const withdrawn = refundWithdrawn(held.right.payment, held.right.refund, now);
    expect(E.isRight(withdrawn) && withdrawn.right.payment.amountRefunded).to.equal(0);
    // An answer for a refund recorded already is refused, whichever it is.
    if (E.isLeft(given)) throw new Error('refused');
    for (const again of [
      refundGiven(given.right.payment, given.right.refund, 're_1'),
      refundWithdrawn(given.right.payment, given.right.refund, now),
    ])
      expect(E.isLeft(again) && again.left).to.deep.include({ _tag: 'Conflict', code: 'refund_not_pending' });
  });

  it("reads EPCC's body: a whole amount of at least 1 and a reason of 1 to 1,024 characters, every issue named", () => {
    const body = (attributes: unknown, type = 'subscription_invoice_payment_refund') => ({ type, attributes });
    const table: readonly [unknown, readonly string[]][] = [
      [body({ amount: 1, reason: 'r' }), []],
      [body({ amount: 1, reason: 'r'.repeat(1024), external_refund_id: 'bank-1' }), []],
      [body({ amount: 0, reason: 'r' }), ['data.attributes.amount']],
      [body({ amount: 1.5, reason: 'r' }), ['data.attributes.amount']],
      [body({ amount: '100', reason: 'r' }), ['data.attributes.amount']],
      [body({ amount: 1, reason: '' }), ['data.attributes.reason']],
      [body({ amount: 1, reason: 'r'.repeat(1025) }), ['data.attributes.reason']],
      [body({ amount: 1, reason: 'r', external_refund_id: '' }), ['data.attributes.external_refund_id']],
      [body({}), ['data.attributes.amount', 'data.attributes.reason']],
      [body({ amount: 1, reason: 'r' }, 'subscription_invoice_payment'), ['data.type']],
      ['refund', ['data']],
    ];
    for (const [input, sources] of table) {
      const parsed = parseRefundRequest(input);
      expect(
        E.isLeft(parsed) ? parsed.left.map((i) => i.source) : [],
        JSON.stringify(input).slice(0, 60),
      ).to.deep.equal(sources);
    }
  });
});
