import { expect } from 'chai';
import type { PlanAttributes } from '../../../src/domain/catalogue/plan.js';
import { billingAnchorOf, type Subscription, standingAt } from '../../../src/domain/subscriptions/subscription.js';
import { CREATED, canceled, paused, planWith, running } from '../../support/domain-builders.js';

describe('subscription standing', () => {
  const ACTIVE = { pending: false, closed: false, status: 'active' };
  // Closed by the clock; its status is what the billing runs decided (EPCC: a canceled subscription is
  // `active` until "the next billing run is due"), so here, with no run yet, still `active`.
  const CLOSED = { pending: false, closed: true, status: 'active' };
  const STOPPED = { pending: false, closed: false, status: 'inactive' };
  const endDate = new Date('2024-02-29T09:00:00.000Z');

  const cases: ReadonlyArray<
    [string, Subscription, PlanAttributes | undefined, string, typeof ACTIVE | typeof CLOSED | typeof STOPPED]
  > = [
    [
      'a subscription a billing run set inactive',
      { ...paused(), inactive: true },
      planWith(),
      '2030-01-01T00:00:00.000Z',
      STOPPED,
    ],
    [
      'a canceled subscription a billing run set inactive',
      { ...canceled(endDate), inactive: true },
      planWith(),
      '2024-02-29T08:59:59.999Z',
      STOPPED,
    ],
    ['a running subscription', running(), planWith(), '2030-01-01T00:00:00.000Z', ACTIVE],
    ['a paused subscription', paused(), planWith(), '2030-01-01T00:00:00.000Z', ACTIVE],
    ['a canceled subscription before its end date', canceled(endDate), planWith(), '2024-02-29T08:59:59.999Z', ACTIVE],
    ['a canceled subscription at its end date', canceled(endDate), planWith(), '2024-02-29T09:00:00.000Z', CLOSED],
    ['a canceled subscription after its end date', canceled(endDate), planWith(), '2025-01-01T00:00:00.000Z', CLOSED],
    [
      'a canceled subscription after its end date, without a plan',
      canceled(endDate),
      undefined,
      '2025-01-01T00:00:00.000Z',
      CLOSED,
    ],
    [
      'a rolling plan long past its length',
      running(),
      planWith({ plan_length: 1 }),
      '2124-01-01T00:00:00.000Z',
      ACTIVE,
    ],
    [
      'a closing plan just before it runs out',
      running(),
      planWith({ end_behavior: 'close' }),
      '2025-01-31T08:59:59.999Z',
      ACTIVE,
    ],
    [
      'a closing plan as it runs out',
      running(),
      planWith({ end_behavior: 'close' }),
      '2025-01-31T09:00:00.000Z',
      CLOSED,
    ],
    [
      'a paused subscription of a closing plan that ran out',
      paused(),
      planWith({ end_behavior: 'close' }),
      '2025-06-01T00:00:00.000Z',
      CLOSED,
    ],
    [
      'a closing weekly plan of 4 weeks, at 27 days',
      running(),
      planWith({ end_behavior: 'close', billing_interval_type: 'week', plan_length: 4 }),
      '2024-02-27T09:00:00.000Z',
      ACTIVE,
    ],
    [
      'a closing weekly plan of 4 weeks, at 28 days',
      running(),
      planWith({ end_behavior: 'close', billing_interval_type: 'week', plan_length: 4 }),
      '2024-02-28T09:00:00.000Z',
      CLOSED,
    ],
    ['a closing plan, without the plan at hand', running(), undefined, '2030-01-01T00:00:00.000Z', ACTIVE],
  ];
  for (const [label, subscription, plan, now, expected] of cases) {
    it(`is ${expected.status}${expected.closed ? ', closed,' : ''} for ${label}`, () => {
      expect(standingAt(subscription, plan, new Date(now))).to.deep.equal(expected);
    });
  }

  it('closes a closing plan after plan_length intervals, whatever the billing frequency', () => {
    const plan = planWith({ end_behavior: 'close', billing_frequency: 3, plan_length: 12 });
    expect(standingAt(running(), plan, new Date('2025-01-31T08:59:59.999Z'))).to.deep.equal(ACTIVE);
    expect(standingAt(running(), plan, new Date('2025-01-31T09:00:00.000Z'))).to.deep.equal(CLOSED);
  });
});

describe('first invoice', () => {
  const cases: ReadonlyArray<[string, Partial<PlanAttributes>, string]> = [
    ['without a trial', {}, '2024-01-31T09:00:00.000Z'],
    ['with a trial of 0', { trial_period: 0 }, '2024-01-31T09:00:00.000Z'],
    ['after a 14-day trial', { billing_interval_type: 'day', trial_period: 14 }, '2024-02-14T09:00:00.000Z'],
    ['after a 2-week trial', { billing_interval_type: 'week', trial_period: 2 }, '2024-02-14T09:00:00.000Z'],
    ['after a 1-month trial from the 31st', { trial_period: 1 }, '2024-02-29T09:00:00.000Z'],
    ['after a 1-year trial', { billing_interval_type: 'year', trial_period: 1 }, '2025-01-31T09:00:00.000Z'],
    [
      'after a trial counted in intervals, not billing periods',
      { billing_interval_type: 'week', billing_frequency: 3, trial_period: 2 },
      '2024-02-14T09:00:00.000Z',
    ],
  ];
  for (const [label, plan, expected] of cases) {
    it(`is raised ${label}`, () => {
      expect(billingAnchorOf(CREATED, planWith(plan)).toISOString()).to.equal(expected);
    });
  }
});
