import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import type { DunningRuleAttributes } from '../../../src/domain/billing/dunning/dunning-rule.js';
import {
  afterAttempt,
  DEFAULT_RETRY_POLICY,
  isDueForPayment,
  LONGEST_WAIT_MS,
  nextAttemptDue,
  type RetryPolicy,
  retryPolicyOf,
  retryWait,
} from '../../../src/domain/billing/dunning/payment-retry.js';
import { type Invoice, numbered } from '../../../src/domain/billing/invoices/invoice.js';
import { invoiceDraft } from '../../../src/domain/billing/invoices/invoice-items.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
const store = randomIds.uuid();
const start = new Date('2026-03-01T00:00:00.000Z');

const ready = (): Invoice => {
  const offering = anOffering(
    store,
    [aProduct(store, { price: { USD: { amount: 999, includes_tax: true } } })],
    [aPlan(store)],
  );
  const draft = invoiceDraft(
    aSubscription(offering, randomIds.uuid()),
    offering,
    { start, end: new Date('2026-04-01T00:00:00.000Z'), trial: false },
    { id: randomIds.uuid(), jobId: randomIds.uuid(), now: start },
  );
  if (E.isLeft(draft)) throw new Error(draft.left);
  return { ...numbered(draft.right, 1), taxRequired: false };
};

const rule = (attributes: Partial<DunningRuleAttributes>): RetryPolicy =>
  retryPolicyOf({
    payment_retry_type: 'fixed',
    payment_retries_limit: 10,
    action: 'none',
    ...attributes,
  } as DunningRuleAttributes);

/** Fails every attempt the moment it is due; the instants of the attempts, first to last. */
const attemptsUntilSpent = (policy: RetryPolicy): Date[] => {
  let invoice = ready();
  let now = start;
  const attempts: Date[] = [];
  for (;;) {
    const due = nextAttemptDue(invoice, policy);
    if (due === undefined) return attempts;
    now = new Date(Math.max(due, now.getTime()));
    expect(isDueForPayment(invoice, policy, now)).to.equal(true);
    if (attempts.length > 0) expect(isDueForPayment(invoice, policy, new Date(now.getTime() - 1))).to.equal(false);
    attempts.push(now);
    invoice = afterAttempt(invoice, 'failed', policy, now);
  }
};
const gaps = (attempts: readonly Date[]): number[] =>
  attempts.slice(1).map((at, i) => at.getTime() - attempts[i]!.getTime());

describe('Payment retry schedules', () => {
  // [label, rule, the wait before retries 1, 2, 3, ... in ms]
  const tables: ReadonlyArray<[string, Partial<DunningRuleAttributes>, number[]]> = [
    [
      'fixed, every 2 days',
      { payment_retry_unit: 'day', payment_retry_interval: 2, payment_retries_limit: 4 },
      [2, 2, 2, 2].map((d) => d * DAY),
    ],
    [
      'fixed, every week',
      { payment_retry_unit: 'week', payment_retry_interval: 1, payment_retries_limit: 3 },
      [WEEK, WEEK, WEEK],
    ],
    ['fixed without interval or unit: daily', { payment_retries_limit: 2 }, [DAY, DAY]],
    [
      'backoff ×2 from 1 day',
      {
        payment_retry_type: 'backoff',
        payment_retry_unit: 'day',
        payment_retry_interval: 1,
        payment_retry_multiplier: 2,
        payment_retries_limit: 5,
      },
      [1, 2, 4, 8, 16].map((d) => d * DAY),
    ],
    [
      'backoff ×1.5 from 2 weeks',
      {
        payment_retry_type: 'backoff',
        payment_retry_unit: 'week',
        payment_retry_interval: 2,
        payment_retry_multiplier: 1.5,
        payment_retries_limit: 3,
      },
      [2, 3, 4.5].map((w) => w * WEEK),
    ],
    [
      'backoff without multiplier doubles',
      { payment_retry_type: 'backoff', payment_retry_interval: 3, payment_retries_limit: 3 },
      [3, 6, 12].map((d) => d * DAY),
    ],
    [
      'backoff ×1 is fixed',
      { payment_retry_type: 'backoff', payment_retry_multiplier: 1, payment_retries_limit: 3 },
      [DAY, DAY, DAY],
    ],
    [
      'tiered ×3 from 1 day, three retries a tier',
      { payment_retry_type: 'tiered', payment_retry_multiplier: 3, payment_retries_limit: 7 },
      [1, 1, 1, 3, 3, 3, 9].map((d) => d * DAY),
    ],
    [
      'tiered without multiplier, weekly',
      { payment_retry_type: 'tiered', payment_retry_unit: 'week', payment_retries_limit: 4 },
      [1, 1, 1, 2].map((w) => w * WEEK),
    ],
  ];
  for (const [label, attributes, waits] of tables) {
    it(`${label}: retry n waits ${waits.map((w) => w / DAY).join(', ')} days after the attempt before`, () => {
      const policy = rule(attributes);
      expect(waits.map((_, i) => retryWait(policy, i + 1))).to.deep.equal(waits);
      const attempts = attemptsUntilSpent(policy);
      expect(attempts).to.have.length(waits.length + 1);
      expect(attempts[0]).to.deep.equal(start);
      expect(gaps(attempts)).to.deep.equal(waits);
    });
  }

  it('limit 0: one attempt and the retries are spent', () => {
    expect(attemptsUntilSpent(rule({ payment_retries_limit: 0 }))).to.deep.equal([start]);
  });

  it('limit 20: 21 attempts, the last one 20 intervals after the first', () => {
    const attempts = attemptsUntilSpent(
      rule({ payment_retry_unit: 'week', payment_retry_interval: 1, payment_retries_limit: 20 }),
    );
    expect(attempts).to.have.length(21);
    expect(attempts[20]!.getTime() - start.getTime()).to.equal(20 * WEEK);
  });

  it('the default, without a rule: daily, 10 retries, 11 attempts', () => {
    expect(retryPolicyOf(undefined)).to.equal(DEFAULT_RETRY_POLICY);
    const attempts = attemptsUntilSpent(DEFAULT_RETRY_POLICY);
    expect(gaps(attempts)).to.deep.equal(Array.from({ length: 10 }, () => DAY));
  });

  it('a fixed rule ignores a multiplier; a limit stored above 20 counts as 20', () => {
    expect(rule({ payment_retry_multiplier: 5 }).multiplier).to.equal(1);
    expect(rule({ payment_retries_limit: 2_147_483_647 }).limit).to.equal(20);
  });

  it('caps a wait at 1024 weeks, so the largest multiplier over 20 retries stays a date', () => {
    const policy = rule({
      payment_retry_type: 'backoff',
      payment_retry_unit: 'week',
      payment_retry_interval: 1024,
      payment_retry_multiplier: 1024,
      payment_retries_limit: 20,
    });
    expect(retryWait(policy, 1)).to.equal(LONGEST_WAIT_MS);
    expect(retryWait(policy, 20)).to.equal(LONGEST_WAIT_MS);
    expect(Number.isFinite(attemptsUntilSpent(policy).at(-1)!.getTime())).to.equal(true);
  });

  it('every wait is at least the interval and never shrinks from one retry to the next', () => {
    const anyRule = fc.record({
      payment_retry_type: fc.constantFrom('fixed' as const, 'backoff' as const, 'tiered' as const),
      payment_retry_unit: fc.constantFrom('day' as const, 'week' as const),
      payment_retry_interval: fc.integer({ min: 1, max: 1024 }),
      payment_retry_multiplier: fc.double({ min: 1, max: 1024, noNaN: true }),
      payment_retries_limit: fc.integer({ min: 0, max: 20 }),
    });
    fc.assert(
      fc.property(anyRule, (attributes) => {
        const policy = rule(attributes);
        const unit = attributes.payment_retry_unit === 'day' ? DAY : WEEK;
        const waits = Array.from({ length: 20 }, (_, i) => retryWait(policy, i + 1));
        waits.forEach((wait, i) => {
          expect(wait).to.be.at.least(Math.min(attributes.payment_retry_interval * unit, LONGEST_WAIT_MS));
          expect(wait).to.be.at.most(LONGEST_WAIT_MS);
          if (i > 0) expect(wait).to.be.at.least(waits[i - 1]!);
        });
        expect(attemptsUntilSpent(policy)).to.have.length(attributes.payment_retries_limit + 1);
      }),
      { numRuns: 200 },
    );
  });

  it('a spent invoice past its limit, asked for one more attempt, is due at once; it is not due once paid', () => {
    const policy = rule({ payment_retries_limit: 0 });
    const spent = afterAttempt(ready(), 'failed', policy, start);
    expect(nextAttemptDue(spent, policy)).to.equal(undefined);
    const asked = { ...spent, paymentRetriesLimitReached: false };
    expect(isDueForPayment(asked, policy, start)).to.equal(true);
    expect(afterAttempt(asked, 'failed', policy, start).paymentRetriesLimitReached).to.equal(true);
    expect(nextAttemptDue(afterAttempt(asked, 'succeeded', policy, start), policy)).to.equal(undefined);
  });
});
