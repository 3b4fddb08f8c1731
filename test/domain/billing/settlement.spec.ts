import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { parseSettlement } from '../../../src/domain/billing/payments/settlement.js';
import { propertyRuns } from '../../properties/property-runs.js';

const paymentId = randomIds.uuid();
const TYPE = 'subscription_invoice_payment';
const body = (attributes: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  type: TYPE,
  attributes,
  ...more,
});
const sources = (data: unknown): string[] => {
  const parsed = parseSettlement(data, paymentId);
  return E.isLeft(parsed) ? parsed.left.map((i) => i.source) : [];
};

describe("Domain: a settlement of a manual payment (EPCC's UpdateInvoicePayment)", () => {
  it('takes the boundary values and refuses what lies beyond them', () => {
    const table: [string, unknown, string[]][] = [
      ['success alone', body({ success: true }), []],
      ['the payment of the path as id', body({ success: true }, { id: paymentId }), []],
      ['another id', body({ success: true }, { id: randomIds.uuid() }), ['data.id']],
      ['an id that is no UUID', body({ success: true }, { id: 7 }), ['data.id']],
      ['failure_detail of 1 character', body({ success: false, failure_detail: 'x' }), []],
      ['failure_detail of 1,024 characters', body({ success: false, failure_detail: 'x'.repeat(1024) }), []],
      [
        'failure_detail of 1,025 characters',
        body({ success: false, failure_detail: 'x'.repeat(1025) }),
        ['data.attributes.failure_detail'],
      ],
      ['empty failure_detail', body({ success: false, failure_detail: '' }), ['data.attributes.failure_detail']],
      ['failure_detail as {reason}', body({ success: false, failure_detail: { reason: 'bounced' } }), []],
      [
        'failure_detail {reason} empty',
        body({ success: false, failure_detail: { reason: '' } }),
        ['data.attributes.failure_detail.reason'],
      ],
      ['failure_detail a number', body({ success: false, failure_detail: 3 }), ['data.attributes.failure_detail']],
      ['payment_taken_at with a zone', body({ success: true, payment_taken_at: '2026-03-01T09:00:00Z' }), []],
      [
        'payment_taken_at with an offset and nanoseconds',
        body({ success: true, payment_taken_at: '2026-03-01T09:00:00.123456789+02:00' }),
        [],
      ],
      [
        'payment_taken_at without a zone',
        body({ success: true, payment_taken_at: '2026-03-01T09:00:00' }),
        ['data.attributes.payment_taken_at'],
      ],
      [
        'payment_taken_at on a day that does not exist',
        body({ success: true, payment_taken_at: '2026-02-29T09:00:00Z' }),
        ['data.attributes.payment_taken_at'],
      ],
      [
        'payment_taken_at on a failure: when the attempt was made, as EPCC takes it',
        body({ success: false, payment_taken_at: '2026-03-01T09:00:00Z', failure_detail: 'Card Failure' }),
        [],
      ],
      [
        'payment_taken_at on a failure, without a zone',
        body({ success: false, payment_taken_at: '2026-03-01T09:00:00' }),
        ['data.attributes.payment_taken_at'],
      ],
      [
        'payment_taken_at not a text',
        body({ success: false, payment_taken_at: 1 }),
        ['data.attributes.payment_taken_at'],
      ],
      ['no success', body({}), ['data.attributes.success']],
    ];
    for (const [name, data, expected] of table) expect(sources(data), name).to.deep.equal(expected);
  });

  it('keeps any failure_detail text of 1 to 1,024 characters as the reason, whether text or {reason}', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 1024, unit: 'grapheme-ascii' }),
        fc.boolean(),
        (reason, asObject) => {
          const parsed = parseSettlement(
            body({ success: false, failure_detail: asObject ? { reason } : reason }),
            paymentId,
          );
          expect(E.isRight(parsed) && parsed.right.failure_detail).to.equal(reason);
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });

  it('reads back any payment_taken_at written in RFC 3339 UTC to the millisecond, of a payment taken or failed', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00.000Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
          noInvalidDate: true,
        }),
        fc.boolean(),
        (when, success) => {
          const parsed = parseSettlement(body({ success, payment_taken_at: when.toISOString() }), paymentId);
          expect(E.isRight(parsed) && parsed.right.payment_taken_at?.getTime()).to.equal(when.getTime());
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });
});
