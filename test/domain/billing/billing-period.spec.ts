import { randomIds } from '../../../src/adapters/system/system-module.js';
import { expect } from 'chai';
import { billingPeriodsUpTo } from '../../../src/domain/billing/billing-period.js';
import type { PlanAttributes } from '../../../src/domain/subscription/plan.js';
import { invoiceAfter } from '../../../src/domain/subscription/subscription.js';
import { aPlan, anOffering, aProduct, aSubscription, PLAN_ATTRIBUTES } from '../../support/subscription-builders.js';

const at = (iso: string) => new Date(iso);
const store = randomIds.uuid();

/** A subscription started at `start` on a plan with `plan`, its first invoice after the plan's trial. */
const subscribed = (start: string, plan: Partial<PlanAttributes> = {}, extra: Parameters<typeof aSubscription>[2] = {}) => {
  const attributes = { ...PLAN_ATTRIBUTES, ...plan };
  const offering = anOffering(store, [aProduct(store)], [aPlan(store, attributes)]);
  const createdAt = at(start);
  const subscription = aSubscription(offering, randomIds.uuid(), { timestamps: { createdAt, updatedAt: createdAt }, invoiceAfter: invoiceAfter(createdAt, attributes), ...extra });
  return { subscription, plan: attributes };
};

const starts = (start: string, plan: Partial<PlanAttributes>, instant: string, after?: string, extra = {}) => {
  const { subscription, plan: attributes } = subscribed(start, plan, extra);
  return billingPeriodsUpTo(subscription, attributes, at(instant), after === undefined ? undefined : at(after)).map((p) => [p.start.toISOString(), p.end.toISOString(), p.trial]);
};

describe('Billing periods', () => {
  const cases: ReadonlyArray<{ name: string; start: string; plan: Partial<PlanAttributes>; instant: string; after?: string; periods: ReadonlyArray<[string, string, boolean]> }> = [
    {
      name: 'monthly from 31 January clamps to month ends without drifting',
      start: '2026-01-31T09:30:00.000Z',
      plan: {},
      instant: '2026-04-30T09:30:00.000Z',
      periods: [
        ['2026-01-31T09:30:00.000Z', '2026-02-28T09:30:00.000Z', false],
        ['2026-02-28T09:30:00.000Z', '2026-03-31T09:30:00.000Z', false],
        ['2026-03-31T09:30:00.000Z', '2026-04-30T09:30:00.000Z', false],
        ['2026-04-30T09:30:00.000Z', '2026-05-31T09:30:00.000Z', false],
      ],
    },
    {
      name: 'yearly from 29 February lands on 28 February, then 29 February again in the next leap year',
      start: '2028-02-29T00:00:00.000Z',
      plan: { billing_interval_type: 'year', plan_length: 10 },
      instant: '2032-03-01T00:00:00.000Z',
      after: '2030-06-01T00:00:00.000Z',
      periods: [
        ['2031-02-28T00:00:00.000Z', '2032-02-29T00:00:00.000Z', false],
        ['2032-02-29T00:00:00.000Z', '2033-02-28T00:00:00.000Z', false],
      ],
    },
    {
      name: 'weekly',
      start: '2026-03-02T12:00:00.000Z',
      plan: { billing_interval_type: 'week' },
      instant: '2026-03-16T11:59:59.999Z',
      periods: [
        ['2026-03-02T12:00:00.000Z', '2026-03-09T12:00:00.000Z', false],
        ['2026-03-09T12:00:00.000Z', '2026-03-16T12:00:00.000Z', false],
      ],
    },
    {
      name: 'daily, a period due the instant it begins',
      start: '2026-03-30T23:00:00.000Z',
      plan: { billing_interval_type: 'day' },
      instant: '2026-04-01T23:00:00.000Z',
      periods: [
        ['2026-03-30T23:00:00.000Z', '2026-03-31T23:00:00.000Z', false],
        ['2026-03-31T23:00:00.000Z', '2026-04-01T23:00:00.000Z', false],
        ['2026-04-01T23:00:00.000Z', '2026-04-02T23:00:00.000Z', false],
      ],
    },
    {
      name: 'a two-month trial is one zero-priced period, paid periods follow from its end',
      start: '2026-01-15T08:00:00.000Z',
      plan: { trial_period: 2 },
      instant: '2026-04-15T08:00:00.000Z',
      periods: [
        ['2026-01-15T08:00:00.000Z', '2026-03-15T08:00:00.000Z', true],
        ['2026-03-15T08:00:00.000Z', '2026-04-15T08:00:00.000Z', false],
        ['2026-04-15T08:00:00.000Z', '2026-05-15T08:00:00.000Z', false],
      ],
    },
    {
      name: 'billing frequency 3: quarterly periods of a monthly plan',
      start: '2026-01-31T00:00:00.000Z',
      plan: { billing_frequency: 3 },
      instant: '2026-12-31T00:00:00.000Z',
      periods: [
        ['2026-01-31T00:00:00.000Z', '2026-04-30T00:00:00.000Z', false],
        ['2026-04-30T00:00:00.000Z', '2026-07-31T00:00:00.000Z', false],
        ['2026-07-31T00:00:00.000Z', '2026-10-31T00:00:00.000Z', false],
        ['2026-10-31T00:00:00.000Z', '2027-01-31T00:00:00.000Z', false],
      ],
    },
    {
      name: 'a closing plan of 5 months in 2-month periods: nothing starts at its close, the last period ends there',
      start: '2026-01-01T00:00:00.000Z',
      plan: { end_behavior: 'close', plan_length: 5, billing_frequency: 2 },
      instant: '2026-05-31T23:59:59.999Z',
      periods: [
        ['2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', false],
        ['2026-03-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z', false],
        ['2026-05-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z', false],
      ],
    },
    {
      name: 'a subscription created mid-month is billed from its own day, the current period in advance',
      start: '2026-02-17T15:45:12.345Z',
      plan: {},
      instant: '2026-03-01T00:00:00.000Z',
      periods: [['2026-02-17T15:45:12.345Z', '2026-03-17T15:45:12.345Z', false]],
    },
    {
      name: 'after the latest invoiced period only later periods are due',
      start: '2026-01-10T00:00:00.000Z',
      plan: {},
      instant: '2026-03-10T00:00:00.000Z',
      after: '2026-02-10T00:00:00.000Z',
      periods: [['2026-03-10T00:00:00.000Z', '2026-04-10T00:00:00.000Z', false]],
    },
    { name: 'nothing is due before the start', start: '2026-05-01T00:00:00.000Z', plan: {}, instant: '2026-04-30T23:59:59.999Z', periods: [] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(starts(c.start, c.plan, c.instant, c.after)).to.deep.equal(c.periods);
    });
  }

  it('a closed plan (run past its length) is no longer billed', () => {
    expect(starts('2026-01-01T00:00:00.000Z', { end_behavior: 'close', plan_length: 2 }, '2026-03-01T00:00:00.000Z')).to.deep.equal([]);
  });

  it('pending, canceled and paused subscriptions are not billed', () => {
    const flags = { canceled: false, paused: false, suspended: false, pending: false };
    expect(starts('2026-01-01T00:00:00.000Z', {}, '2026-02-01T00:00:00.000Z', undefined, { flags: { ...flags, pending: true } })).to.deep.equal([]);
    expect(starts('2026-01-01T00:00:00.000Z', {}, '2026-02-01T00:00:00.000Z', undefined, { flags: { ...flags, canceled: true } })).to.deep.equal([]);
    expect(starts('2026-01-01T00:00:00.000Z', {}, '2026-02-01T00:00:00.000Z', undefined, { flags: { ...flags, paused: true } })).to.deep.equal([]);
  });

  it('skips the periods that began while it was paused', () => {
    const createdAt = at('2026-01-05T00:00:00.000Z');
    const periods = starts('2026-01-05T00:00:00.000Z', {}, '2026-06-05T00:00:00.000Z', '2026-01-05T00:00:00.000Z', {
      timestamps: { createdAt, updatedAt: createdAt, pausedAt: at('2026-02-20T00:00:00.000Z'), resumedAt: at('2026-04-10T00:00:00.000Z') },
    });
    expect(periods.map((p) => p[0])).to.deep.equal(['2026-02-05T00:00:00.000Z', '2026-05-05T00:00:00.000Z', '2026-06-05T00:00:00.000Z']);
  });

  it('a daily plan years in finds its next period without walking every earlier one wrongly', () => {
    const periods = starts('2020-01-01T06:00:00.000Z', { billing_interval_type: 'day' }, '2026-01-03T06:00:00.000Z', '2026-01-01T06:00:00.000Z');
    expect(periods.map((p) => p[0])).to.deep.equal(['2026-01-02T06:00:00.000Z', '2026-01-03T06:00:00.000Z']);
  });
});
