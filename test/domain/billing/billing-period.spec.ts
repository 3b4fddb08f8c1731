import { expect } from 'chai';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { billingPeriodsUpTo, billingRunOutcome } from '../../../src/domain/billing/periods/billing-period.js';
import type { PauseGap } from '../../../src/domain/billing/periods/pause-gaps.js';
import { addIntervals } from '../../../src/domain/catalogue/billing-interval.js';
import type { PlanAttributes } from '../../../src/domain/catalogue/plan.js';
import { billingAnchorOf } from '../../../src/domain/subscriptions/subscription.js';
import { anOffering, aPlan, aProduct, aSubscription, PLAN_ATTRIBUTES } from '../../support/subscription-builders.js';

const at = (iso: string) => new Date(iso);
const store = randomIds.uuid();

/** A subscription started at `start` on a plan with `plan`, its first invoice after the plan's trial. */
const subscribed = (
  start: string,
  plan: Partial<PlanAttributes> = {},
  extra: Parameters<typeof aSubscription>[2] = {},
) => {
  const attributes = { ...PLAN_ATTRIBUTES, ...plan };
  const offering = anOffering(store, [aProduct(store)], [aPlan(store, attributes)]);
  const createdAt = at(start);
  const subscription = aSubscription(offering, randomIds.uuid(), {
    timestamps: { createdAt, updatedAt: createdAt },
    billingAnchor: billingAnchorOf(createdAt, attributes),
    invoiceAfter: createdAt,
    ...extra,
  });
  return { subscription, plan: attributes };
};

/** `after`: the latest invoiced period's start (its end one plan period later), or both ends. */
const starts = (
  start: string,
  plan: Partial<PlanAttributes>,
  instant: string,
  after?: string | readonly [string, string],
  extra: Parameters<typeof aSubscription>[2] = {},
  pauses: readonly PauseGap[] = [],
) => {
  const { subscription, plan: attributes } = subscribed(start, plan, extra);
  const lastInvoiced =
    after === undefined
      ? undefined
      : typeof after === 'string'
        ? {
            start: at(after),
            end: addIntervals(at(after), attributes.billing_interval_type, attributes.billing_frequency),
          }
        : { start: at(after[0]), end: at(after[1]) };
  const history = { pauses, ...(lastInvoiced === undefined ? {} : { lastInvoiced }) };
  return billingPeriodsUpTo(subscription, attributes, at(instant), history).map((p) => [
    p.start.toISOString(),
    p.end.toISOString(),
    p.trial,
  ]);
};

describe('Billing periods', () => {
  const cases: ReadonlyArray<{
    name: string;
    start: string;
    plan: Partial<PlanAttributes>;
    instant: string;
    after?: string;
    periods: ReadonlyArray<[string, string, boolean]>;
  }> = [
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
      after: '2030-02-28T00:00:00.000Z',
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
    {
      name: 'nothing is due before the start',
      start: '2026-05-01T00:00:00.000Z',
      plan: {},
      instant: '2026-04-30T23:59:59.999Z',
      periods: [],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(starts(c.start, c.plan, c.instant, c.after)).to.deep.equal(c.periods);
    });
  }

  it('a plan closed by its length still has the periods that began before the close billed by a later run', () => {
    expect(
      starts(
        '2026-01-05T00:00:00.000Z',
        { end_behavior: 'close', plan_length: 2, billing_interval_type: 'week' },
        '2026-02-01T00:00:00.000Z',
      ),
    ).to.deep.equal([
      ['2026-01-05T00:00:00.000Z', '2026-01-12T00:00:00.000Z', false],
      ['2026-01-12T00:00:00.000Z', '2026-01-19T00:00:00.000Z', false],
    ]);
    expect(
      starts(
        '2026-01-01T00:00:00.000Z',
        { end_behavior: 'close', plan_length: 2 },
        '2026-03-01T00:00:00.000Z',
        '2026-02-01T00:00:00.000Z',
      ),
      'nothing once every period is invoiced',
    ).to.deep.equal([]);
  });

  it('pending, canceled and paused subscriptions are not billed', () => {
    const flags = { canceled: false, paused: false, suspended: false, pending: false };
    expect(
      starts('2026-01-01T00:00:00.000Z', {}, '2026-02-01T00:00:00.000Z', undefined, {
        flags: { ...flags, pending: true },
      }),
    ).to.deep.equal([]);
    expect(
      starts('2026-01-01T00:00:00.000Z', {}, '2026-02-01T00:00:00.000Z', undefined, {
        flags: { ...flags, canceled: true },
      }),
    ).to.deep.equal([]);
    expect(
      starts('2026-01-01T00:00:00.000Z', {}, '2026-02-01T00:00:00.000Z', undefined, {
        flags: { ...flags, paused: true },
      }),
    ).to.deep.equal([]);
  });

  it('skips the periods that began and ended while it was paused, and bills the one in which it resumed', () => {
    const periods = starts('2026-01-05T00:00:00.000Z', {}, '2026-06-05T00:00:00.000Z', '2026-01-05T00:00:00.000Z', {}, [
      { from: at('2026-02-20T00:00:00.000Z'), until: at('2026-04-10T00:00:00.000Z') },
    ]);
    // 5 March to 5 April was paused throughout; 5 April to 5 May holds the resume on 10 April, so it is not free.
    expect(periods.map((p) => p[0])).to.deep.equal([
      '2026-02-05T00:00:00.000Z',
      '2026-04-05T00:00:00.000Z',
      '2026-05-05T00:00:00.000Z',
      '2026-06-05T00:00:00.000Z',
    ]);
  });

  it('a daily plan years in finds its next period without walking every earlier one wrongly', () => {
    const periods = starts(
      '2020-01-01T06:00:00.000Z',
      { billing_interval_type: 'day' },
      '2026-01-03T06:00:00.000Z',
      '2026-01-01T06:00:00.000Z',
    );
    expect(periods.map((p) => p[0])).to.deep.equal(['2026-01-02T06:00:00.000Z', '2026-01-03T06:00:00.000Z']);
  });
});

describe('Billing periods after a plan change', () => {
  const Z = 'T00:00:00.000Z';
  const monthly: Partial<PlanAttributes> = {};
  const yearly: Partial<PlanAttributes> = { billing_interval_type: 'year' };
  const quarterly: Partial<PlanAttributes> = { billing_frequency: 3 };
  // The subscription is on the new plan; `last` is the latest invoice, made on the old one.
  const cases: ReadonlyArray<{
    name: string;
    start: string;
    plan: Partial<PlanAttributes>;
    last: readonly [string, string];
    instant: string;
    periods: readonly string[][];
  }> = [
    {
      name: 'yearly → monthly: nothing the yearly invoice covers is billed again',
      start: '2026-01-01',
      plan: monthly,
      last: ['2026-01-01', '2027-01-01'],
      instant: '2026-06-01',
      periods: [],
    },
    {
      name: 'yearly → monthly: monthly periods follow the year without a gap',
      start: '2026-01-01',
      plan: monthly,
      last: ['2026-01-01', '2027-01-01'],
      instant: '2027-02-01',
      periods: [
        ['2027-01-01', '2027-02-01'],
        ['2027-02-01', '2027-03-01'],
      ],
    },
    {
      name: 'monthly → yearly: the next year starts where January ended, none lost',
      start: '2026-01-01',
      plan: yearly,
      last: ['2026-01-01', '2026-02-01'],
      instant: '2026-06-01',
      periods: [['2026-02-01', '2027-02-01']],
    },
    {
      name: 'monthly → yearly: later years count from the new anchor',
      start: '2026-01-01',
      plan: yearly,
      last: ['2026-01-01', '2026-02-01'],
      instant: '2027-02-01',
      periods: [
        ['2026-02-01', '2027-02-01'],
        ['2027-02-01', '2028-02-01'],
      ],
    },
    {
      name: 'frequency 1 → 3 ending on the quarterly grid continues it',
      start: '2026-01-01',
      plan: quarterly,
      last: ['2026-03-01', '2026-04-01'],
      instant: '2026-07-01',
      periods: [
        ['2026-04-01', '2026-07-01'],
        ['2026-07-01', '2026-10-01'],
      ],
    },
    {
      name: 'frequency 1 → 3 ending off the quarterly grid re-anchors there',
      start: '2026-01-01',
      plan: quarterly,
      last: ['2026-02-01', '2026-03-01'],
      instant: '2026-06-01',
      periods: [
        ['2026-03-01', '2026-06-01'],
        ['2026-06-01', '2026-09-01'],
      ],
    },
    {
      name: 'frequency 3 → 1: monthly periods follow the quarter',
      start: '2026-01-01',
      plan: monthly,
      last: ['2026-01-01', '2026-04-01'],
      instant: '2026-05-01',
      periods: [
        ['2026-04-01', '2026-05-01'],
        ['2026-05-01', '2026-06-01'],
      ],
    },
    {
      name: 'weekly → monthly re-anchors at the last week end',
      start: '2026-01-01',
      plan: monthly,
      last: ['2026-01-29', '2026-02-05'],
      instant: '2026-03-05',
      periods: [
        ['2026-02-05', '2026-03-05'],
        ['2026-03-05', '2026-04-05'],
      ],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const found = starts(`${c.start}${Z}`, c.plan, `${c.instant}${Z}`, [`${c.last[0]}${Z}`, `${c.last[1]}${Z}`]);
      expect(found).to.deep.equal(c.periods.map(([start, end]) => [`${start}${Z}`, `${end}${Z}`, false]));
    });
  }

  it('yearly → monthly from 31 January continues the grid, month ends clamped without drifting', () => {
    expect(
      starts(`2026-01-31${Z}`, monthly, `2027-03-31${Z}`, [`2026-01-31${Z}`, `2027-01-31${Z}`]).map((p) => p[0]),
    ).to.deep.equal([`2027-01-31${Z}`, `2027-02-28${Z}`, `2027-03-31${Z}`]);
  });

  it('through any sequence of plan changes, monthly runs bill every instant once: no overlap, no gap', () => {
    const plans: ReadonlyArray<Partial<PlanAttributes>> = [
      monthly,
      yearly,
      quarterly,
      { billing_interval_type: 'week', billing_frequency: 2 },
      { billing_interval_type: 'day', billing_frequency: 10 },
      monthly,
    ];
    let last: readonly [string, string] | undefined;
    const billed: Array<[string, string]> = [];
    for (let run = 0; run < 60; run += 1) {
      const plan = plans[Math.floor(run / 7) % plans.length]!;
      const instant = new Date(Date.UTC(2026, run, 1)).toISOString();
      for (const [start, end] of starts(`2026-01-31${Z}`, plan, instant, last)) {
        billed.push([String(start), String(end)]);
        last = [String(start), String(end)];
      }
    }
    expect(billed[0]![0]).to.equal(`2026-01-31${Z}`);
    for (let i = 1; i < billed.length; i += 1)
      expect(billed[i]![0], `period ${i} starts where the one before ended`).to.equal(billed[i - 1]![1]);
    expect(new Date(billed[billed.length - 1]![1]).getTime()).to.be.greaterThan(Date.UTC(2030, 11, 1));
  });
});

describe('Billing periods and pauses', () => {
  const Z = 'T00:00:00.000Z';
  const gap = (from: string, until?: string): PauseGap => ({
    from: at(`${from}${Z}`),
    ...(until === undefined ? {} : { until: at(`${until}${Z}`) }),
  });
  // Monthly from 1 January, January invoiced; the run on `instant`.
  const cases: ReadonlyArray<{
    name: string;
    pauses: readonly PauseGap[];
    instant: string;
    periods: readonly string[];
  }> = [
    {
      name: 'a period the subscription resumed in is billed, a second pause within it changes nothing',
      pauses: [gap('2026-01-25', '2026-02-05'), gap('2026-02-10', '2026-02-15')],
      instant: '2026-03-01',
      periods: ['2026-02-01', '2026-03-01'],
    },
    {
      name: 'short pauses over period starts skip nothing: it resumed within each',
      pauses: [gap('2026-01-25', '2026-02-05'), gap('2026-02-20', '2026-03-02'), gap('2026-04-01', '2026-04-02')],
      instant: '2026-05-01',
      periods: ['2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01'],
    },
    {
      name: 'a period starting at the pause instant is billed when it resumed within it',
      pauses: [gap('2026-02-01', '2026-02-03')],
      instant: '2026-03-01',
      periods: ['2026-02-01', '2026-03-01'],
    },
    {
      name: 'a period paused from before its start to after its end is skipped',
      pauses: [gap('2026-01-25', '2026-03-05')],
      instant: '2026-04-01',
      periods: ['2026-03-01', '2026-04-01'],
    },
    {
      name: 'a resume exactly at a period end leaves the paused period out and bills the next',
      pauses: [gap('2026-01-25', '2026-03-01')],
      instant: '2026-03-01',
      periods: ['2026-03-01'],
    },
    {
      name: 'of three long pauses, only the periods paused throughout are skipped',
      pauses: [gap('2026-01-25', '2026-03-01'), gap('2026-03-20', '2026-05-01'), gap('2026-05-10', '2026-06-02')],
      instant: '2026-06-01',
      periods: ['2026-03-01', '2026-05-01', '2026-06-01'],
    },
    {
      name: 'a period starting at the resume instant is billed',
      pauses: [gap('2026-01-20', '2026-02-01')],
      instant: '2026-03-01',
      periods: ['2026-02-01', '2026-03-01'],
    },
    {
      name: 'a pause within one period skips nothing',
      pauses: [gap('2026-02-02', '2026-02-27')],
      instant: '2026-03-01',
      periods: ['2026-02-01', '2026-03-01'],
    },
    {
      name: 'an open pause skips everything after it',
      pauses: [gap('2026-02-15')],
      instant: '2026-04-01',
      periods: ['2026-02-01'],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const found = starts(`2026-01-01${Z}`, {}, `${c.instant}${Z}`, `2026-01-01${Z}`, {}, c.pauses);
      expect(found.map((p) => p[0])).to.deep.equal(c.periods.map((d) => `${d}${Z}`));
    });
  }
});

describe('Billing periods of a subscription that existed before billing (billable_from)', () => {
  const Z = 'T00:00:00.000Z';
  const cases: ReadonlyArray<{
    name: string;
    start: string;
    plan: Partial<PlanAttributes>;
    billableFrom: string;
    instant: string;
    periods: readonly string[];
  }> = [
    {
      name: 'the period running at the upgrade is billed, earlier ones are not',
      start: `2026-01-01${Z}`,
      plan: {},
      billableFrom: '2026-04-10T08:00:00.000Z',
      instant: `2026-05-15${Z}`,
      periods: [`2026-04-01${Z}`, `2026-05-01${Z}`],
    },
    {
      name: 'a period ending exactly at billable_from is not billed',
      start: `2026-01-01${Z}`,
      plan: {},
      billableFrom: `2026-05-01${Z}`,
      instant: `2026-05-15${Z}`,
      periods: [`2026-05-01${Z}`],
    },
    {
      name: 'a period ending a millisecond after it is billed',
      start: `2026-01-01${Z}`,
      plan: {},
      billableFrom: '2026-04-30T23:59:59.999Z',
      instant: `2026-05-15${Z}`,
      periods: [`2026-04-01${Z}`, `2026-05-01${Z}`],
    },
    {
      name: 'billable_from before the start changes nothing',
      start: `2026-01-01${Z}`,
      plan: {},
      billableFrom: `2025-06-01${Z}`,
      instant: `2026-03-01${Z}`,
      periods: [`2026-01-01${Z}`, `2026-02-01${Z}`, `2026-03-01${Z}`],
    },
    {
      name: 'a trial running at the upgrade is invoiced',
      start: `2026-01-01${Z}`,
      plan: { trial_period: 2 },
      billableFrom: `2026-02-01${Z}`,
      instant: `2026-03-01${Z}`,
      periods: [`2026-01-01${Z}`, `2026-03-01${Z}`],
    },
    {
      name: 'a trial that ended at the upgrade is not',
      start: `2026-01-01${Z}`,
      plan: { trial_period: 2 },
      billableFrom: `2026-03-01${Z}`,
      instant: `2026-03-01${Z}`,
      periods: [`2026-03-01${Z}`],
    },
    {
      name: 'a daily plan six years old bills from the upgrade day only',
      start: '2020-01-01T06:00:00.000Z',
      plan: { billing_interval_type: 'day' },
      billableFrom: '2026-01-02T12:00:00.000Z',
      instant: '2026-01-03T06:00:00.000Z',
      periods: ['2026-01-02T06:00:00.000Z', '2026-01-03T06:00:00.000Z'],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(
        starts(c.start, c.plan, c.instant, undefined, { billableFrom: at(c.billableFrom) }).map((p) => p[0]),
      ).to.deep.equal(c.periods);
    });
  }
});

describe('A billing run that finds a paused or canceled subscription due sets it inactive (EPCC)', () => {
  const Z = 'T00:00:00.000Z';
  const flags = { canceled: false, paused: false, suspended: false, pending: false };
  // Monthly from 1 January, January invoiced (so invoice_after is 1 February); the run on `instant`.
  const cases: ReadonlyArray<{
    name: string;
    extra: Parameters<typeof aSubscription>[2];
    instant: string;
    pauses?: readonly PauseGap[];
    inactive: boolean;
  }> = [
    {
      name: 'paused, before its next period: still active',
      extra: { flags: { ...flags, paused: true } },
      instant: '2026-01-31T23:59:59.999Z',
      inactive: false,
    },
    {
      name: 'paused, at its next period',
      extra: { flags: { ...flags, paused: true } },
      instant: `2026-02-01${Z}`,
      pauses: [{ from: at(`2026-01-10${Z}`) }],
      inactive: true,
    },
    {
      name: 'canceled, at its next period',
      extra: { flags: { ...flags, canceled: true } },
      instant: `2026-02-01${Z}`,
      inactive: true,
    },
    { name: 'neither paused nor canceled', extra: {}, instant: `2026-02-01${Z}`, inactive: false },
    {
      name: 'inactive already',
      extra: { flags: { ...flags, paused: true }, inactive: true },
      instant: `2026-02-01${Z}`,
      inactive: false,
    },
    {
      name: 'pending',
      extra: { flags: { ...flags, pending: true, canceled: true }, goLiveAfter: at(`2026-03-01${Z}`) },
      instant: `2026-02-01${Z}`,
      inactive: false,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.inactive ? 'inactive' : 'unchanged'}`, () => {
      const { subscription, plan } = subscribed(
        `2026-01-01${Z}`,
        {},
        { invoiceAfter: at(`2026-02-01${Z}`), ...c.extra },
      );
      const history = {
        lastInvoiced: { start: at(`2026-01-01${Z}`), end: at(`2026-02-01${Z}`) },
        pauses: c.pauses ?? [],
      };
      const outcome = billingRunOutcome(subscription, plan, at(c.instant), history);
      expect(outcome.turnsInactive).to.equal(c.inactive);
      if (c.inactive) expect(outcome.period, 'no invoice').to.equal(undefined);
    });
  }
});
