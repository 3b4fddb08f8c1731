import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { afterInvoicePaid, afterRetriesSpent } from '../../../src/domain/billing/dunning/dunning-action.js';
import type { Invoice } from '../../../src/domain/billing/invoices/invoice.js';
import { attemptRequested } from '../../../src/domain/billing/payments/attempt-request.js';
import type { PausedBy } from '../../../src/domain/subscriptions/subscription.js';
import { applyStateAction, type DunningStanding } from '../../../src/domain/subscriptions/subscription-state.js';
import { canceled, paused, planWith, running, subscriptionWith, uuid } from '../../support/domain-builders.js';

const now = new Date('2024-03-10T15:00:00.000Z');
const STATE_ID = uuid(78);

describe('After dunning gave up', () => {
  // [label, suspended, another invoice unpaid, billableFrom before, lifted, billableFrom after]
  const lifts: ReadonlyArray<[string, boolean, boolean, Date | undefined, boolean, Date | undefined]> = [
    ['suspended, nothing else unpaid: lifted, billed from now', true, false, undefined, true, now],
    ['suspended, another invoice unpaid: stays suspended', true, true, undefined, false, undefined],
    ['not suspended: nothing changes', false, false, undefined, false, undefined],
    ['billable from an earlier instant: moves to now', true, false, new Date('2024-01-01T00:00:00.000Z'), true, now],
    [
      'billable from a later instant: keeps it',
      true,
      false,
      new Date('2024-04-01T00:00:00.000Z'),
      true,
      new Date('2024-04-01T00:00:00.000Z'),
    ],
  ];
  for (const [label, suspended, othersUnpaid, before, lifted, after] of lifts) {
    it(`a paid invoice: ${label}`, () => {
      const subscription = {
        ...subscriptionWith({ suspended }),
        ...(before === undefined ? {} : { billableFrom: before }),
      };
      const outcome = afterInvoicePaid(subscription, othersUnpaid, now);
      if (!lifted) return expect(outcome).to.equal(undefined);
      expect(outcome?.state).to.equal(undefined);
      expect(outcome?.subscription).to.deep.equal({
        ...subscription,
        flags: { ...subscription.flags, suspended: false },
        billableFrom: after,
        timestamps: { ...subscription.timestamps, updatedAt: now },
      });
    });
  }

  // Only what the rule reads: whether it is outstanding and whether its retries are spent.
  const spent = {
    outstanding: true,
    paymentRetriesLimitReached: true,
    failedPaymentAttempts: 3,
    updatedAt: new Date(0),
  } as unknown as Invoice;
  it('a requested attempt: only of an outstanding invoice whose retries are spent', () => {
    expect(attemptRequested(spent, now)).to.deep.equal(
      E.right({ ...spent, paymentRetriesLimitReached: false, updatedAt: now }),
    );
    expect(attemptRequested({ ...spent, outstanding: false }, now)).to.deep.equal(
      E.left({
        _tag: 'Conflict',
        code: 'invoice_paid',
        detail: 'the invoice is paid: there is nothing left to attempt',
      }),
    );
    const left = attemptRequested({ ...spent, paymentRetriesLimitReached: false }, now);
    expect(E.isLeft(left) && left.left).to.deep.include({ _tag: 'Unprocessable', code: 'payment_retries_left' });
  });

  // [label, subscription, dunning standing, the outcome: a code refused, or 'resumed']
  const canceledBy = (by: PausedBy) => () => ({ ...canceled(new Date('2024-03-01T00:00:00.000Z')), canceledBy: by });
  const resumes: ReadonlyArray<[string, () => ReturnType<typeof running>, DunningStanding, string]> = [
    ['closed by dunning, its invoice unpaid', canceledBy('dunning'), { spent: true, unpaid: true }, 'invoice_unpaid'],
    ['closed by dunning, paid since', canceledBy('dunning'), { spent: true, unpaid: false }, 'resumed'],
    [
      'canceled by the merchant, an invoice spent and paid since',
      canceledBy('merchandizer'),
      { spent: true, unpaid: false },
      'state_transition_not_allowed',
    ],
    [
      'canceled by the subscriber, an invoice spent and paid since',
      canceledBy('subscriber'),
      { spent: true, unpaid: false },
      'state_transition_not_allowed',
    ],
    [
      'canceled before who canceled was recorded, its spent invoice unpaid: read as closed by dunning',
      () => canceled(new Date('2024-03-01T00:00:00.000Z')),
      { spent: true, unpaid: true },
      'invoice_unpaid',
    ],
    [
      'canceled before who canceled was recorded, its spent invoice paid since: read as closed by dunning',
      () => canceled(new Date('2024-03-01T00:00:00.000Z')),
      { spent: true, unpaid: false },
      'resumed',
    ],
    [
      'canceled by the merchant, nothing spent',
      () => canceled(new Date('2024-03-01T00:00:00.000Z')),
      { spent: false, unpaid: false },
      'state_transition_not_allowed',
    ],
    [
      'canceled, an invoice in dunning but none spent',
      () => canceled(new Date('2024-03-01T00:00:00.000Z')),
      { spent: false, unpaid: true },
      'state_transition_not_allowed',
    ],
    ['paused, an invoice unpaid: a pause resumes as ever', paused, { spent: true, unpaid: true }, 'resumed'],
    ['running: nothing to resume', running, { spent: true, unpaid: false }, 'state_transition_not_allowed'],
  ];
  for (const [label, make, standing, expected] of resumes) {
    it(`resume: ${label} → ${expected}`, () => {
      const subscription = make();
      const result = applyStateAction(subscription, planWith(), 'resume', now, STATE_ID, { dunning: standing });
      if (expected !== 'resumed') return expect(E.isLeft(result) && result.left).to.deep.include({ code: expected });
      if (E.isLeft(result)) throw new Error(JSON.stringify(result.left));
      expect(result.right.subscription.flags).to.deep.include({ canceled: false, paused: false });
      expect(result.right.subscription.timestamps.endDate).to.equal(undefined);
      expect(result.right.subscription.timestamps.resumedAt).to.deep.equal(now);
      expect(result.right.subscription, 'open again: nobody canceled it').not.to.have.property('canceledBy');
      expect(result.right.state.flags).to.deep.include({ closed: false, canceled: false });
      if (subscription.flags.canceled) expect(result.right.subscription.billableFrom).to.deep.equal(now);
    });
  }

  it("records who canceled: dunning's close, the merchant's or the subscriber's cancel", () => {
    const closed = afterRetriesSpent(running(), 'close', now, STATE_ID);
    expect(closed?.subscription.canceledBy).to.equal('dunning');
    for (const actor of ['merchandizer', 'subscriber'] as const) {
      const result = applyStateAction(running(), planWith(), 'cancel', now, STATE_ID, {}, actor);
      if (E.isLeft(result)) throw new Error(JSON.stringify(result.left));
      expect(result.right.subscription.canceledBy).to.equal(actor);
    }
  });

  it('resume of a subscription closed by dunning still needs the plan to allow resuming', () => {
    const result = applyStateAction(canceled(), planWith({ can_resume: false }), 'resume', now, STATE_ID, {
      dunning: { spent: true, unpaid: false },
    });
    expect(E.isLeft(result) && result.left).to.deep.include({ code: 'plan_not_permitted' });
  });
});
