import { expect } from 'chai';
import { keptReason } from '../../../src/domain/billing/payments/gateway-attempt.js';
import { PAYMENT_TEXT_MAX } from '../../../src/domain/billing/payments/invoice-payment.js';

describe("A gateway's failure reason as a payment keeps it", () => {
  it('keeps up to 1,024 code points as given and cuts a longer one to 1,024 with an ellipsis', () => {
    // Astral characters count once each, as the varchar(1024) columns count them.
    const table: ReadonlyArray<[string, string, number]> = [
      ['empty', '', 0],
      ['at the limit', 'a'.repeat(PAYMENT_TEXT_MAX), PAYMENT_TEXT_MAX],
      ['one over', 'a'.repeat(PAYMENT_TEXT_MAX + 1), PAYMENT_TEXT_MAX],
      ['astral at the limit', '💳'.repeat(PAYMENT_TEXT_MAX), PAYMENT_TEXT_MAX],
      ['astral one over', '💳'.repeat(PAYMENT_TEXT_MAX + 1), PAYMENT_TEXT_MAX],
    ];
    for (const [name, reason, points] of table) {
      const kept = keptReason(reason);
      expect([...kept].length, name).to.equal(points);
      expect(kept === reason, name).to.equal([...reason].length <= PAYMENT_TEXT_MAX);
      if (kept !== reason) expect(kept.endsWith('…'), name).to.equal(true);
    }
  });
});
