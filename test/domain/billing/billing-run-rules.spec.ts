import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { withFirstInvoice } from '../../../src/domain/billing/invoices/first-invoice.js';
import { type BillingHistory, billingRunOutcome } from '../../../src/domain/billing/periods/billing-period.js';
import { pauseGaps, type StateChangeAt } from '../../../src/domain/billing/periods/pause-gaps.js';
import { daysBetween, prorated } from '../../../src/domain/billing/proration/proration.js';
import type { PlanAttributes } from '../../../src/domain/catalogue/plan.js';
import {
  billingAnchorOf,
  type StateAction,
  type Subscription,
  standingAt,
} from '../../../src/domain/subscriptions/subscription.js';
import { applyStateAction } from '../../../src/domain/subscriptions/subscription-state.js';
import { uuid } from '../../support/domain-builders.js';
import { anOffering, aPlan, aProduct, aSubscription, PLAN_ATTRIBUTES } from '../../support/subscription-builders.js';

/**
 * The four rules EPCC's subscriptions document states, on the domain's own functions, one subscription at
 * a time: one invoice per subscription per run, oldest period first; `invoice_after` the start of the
 * oldest period not invoiced yet; status changed by the run that finds a paused or canceled subscription
 * due, never by the clock; a period's days counted between its own boundaries.
 */

const at = (iso: string) => new Date(iso);
const day = (iso: string) => at(`${iso}T00:00:00.000Z`);
const store = randomIds.uuid();
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** One subscription's life as billing runs and state changes see it: what the repositories keep for it. */
class Timeline {
  readonly invoices: Array<{ start: Date; end: Date }> = [];
  private readonly states: StateChangeAt[] = [];
  subscription: Subscription;

  constructor(
    readonly plan: PlanAttributes,
    created: Date,
    goLiveAfter?: Date,
  ) {
    const offering = anOffering(store, [aProduct(store)], [aPlan(store, plan)]);
    const start = goLiveAfter ?? created;
    const subscription = aSubscription(offering, randomIds.uuid(), {
      timestamps: { createdAt: created, updatedAt: created },
      ...(goLiveAfter === undefined ? {} : { goLiveAfter }),
      flags: { canceled: false, paused: false, suspended: false, pending: goLiveAfter !== undefined },
      billingAnchor: billingAnchorOf(start, plan),
      invoiceAfter: start,
    });
    const made = withFirstInvoice(subscription, offering, plan, { id: randomIds.uuid(), now: created });
    this.subscription = made.subscription;
    if (made.firstInvoice !== undefined) this.invoices.push(made.firstInvoice.billingPeriod);
  }

  private history(): BillingHistory {
    const last = this.invoices[this.invoices.length - 1];
    return { pauses: pauseGaps(this.states), ...(last === undefined ? {} : { lastInvoiced: last }) };
  }

  /** A billing run at `instant`: the period it invoices (moving `invoice_after`, as storing it does), if any. */
  run(instant: Date): string | undefined {
    const outcome = billingRunOutcome(this.subscription, this.plan, instant, this.history());
    if (outcome.turnsInactive) this.subscription = { ...this.subscription, inactive: true };
    if (outcome.period === undefined) return undefined;
    this.invoices.push(outcome.period);
    this.subscription = { ...this.subscription, invoiceAfter: outcome.period.end };
    return iso(outcome.period.start);
  }

  act(action: StateAction, instant: Date): void {
    const last = this.invoices[this.invoices.length - 1];
    const changed = applyStateAction(this.subscription, this.plan, action, instant, randomIds.uuid(), {
      invoicedThrough: last?.end,
    });
    if (E.isLeft(changed)) throw new Error(JSON.stringify(changed.left));
    this.subscription = changed.right.subscription;
    this.states.push({ action, at: instant });
  }

  standing(instant: Date) {
    return standingAt(this.subscription, this.plan, instant);
  }
}

const monthly = PLAN_ATTRIBUTES;
const yearly: PlanAttributes = { ...PLAN_ATTRIBUTES, billing_interval_type: 'year', plan_length: 10 };

describe('EPCC rule: periods counted from the anchor, clamped to month ends (anchors on the 28th–31st)', () => {
  // Created on the anchor, its first period invoiced then; a run at the start of each later period.
  const cases: ReadonlyArray<[string, PlanAttributes, string, readonly string[], readonly number[]]> = [
    [
      '28 January, any year',
      monthly,
      '2026-01-28',
      ['2026-01-28', '2026-02-28', '2026-03-28', '2026-04-28'],
      [31, 28, 31],
    ],
    [
      '29 January, common year',
      monthly,
      '2026-01-29',
      ['2026-01-29', '2026-02-28', '2026-03-29', '2026-04-29'],
      [30, 29, 31],
    ],
    [
      '29 January, leap year 2028',
      monthly,
      '2028-01-29',
      ['2028-01-29', '2028-02-29', '2028-03-29', '2028-04-29'],
      [31, 29, 31],
    ],
    [
      '30 January, common year',
      monthly,
      '2026-01-30',
      ['2026-01-30', '2026-02-28', '2026-03-30', '2026-04-30'],
      [29, 30, 31],
    ],
    [
      '30 January, leap year 2024',
      monthly,
      '2024-01-30',
      ['2024-01-30', '2024-02-29', '2024-03-30', '2024-04-30'],
      [30, 30, 31],
    ],
    [
      '31 January, common year',
      monthly,
      '2026-01-31',
      ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31'],
      [28, 31, 30, 31],
    ],
    [
      '31 January, leap year 2024',
      monthly,
      '2024-01-31',
      ['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31'],
      [29, 31, 30, 31],
    ],
    [
      '31 January, leap year 2028',
      monthly,
      '2028-01-31',
      ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30'],
      [29, 31, 30],
    ],
    [
      '31 August over the year end',
      monthly,
      '2026-08-31',
      ['2026-08-31', '2026-09-30', '2026-10-31', '2026-11-30', '2026-12-31', '2027-01-31'],
      [30, 31, 30, 31, 31],
    ],
    ['29 February 2024, monthly', monthly, '2024-02-29', ['2024-02-29', '2024-03-29', '2024-04-29'], [29, 31]],
    [
      '29 February 2024, yearly',
      yearly,
      '2024-02-29',
      ['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29'],
      [365, 365, 365, 366],
    ],
    [
      '29 February 2028, yearly',
      yearly,
      '2028-02-29',
      ['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29'],
      [365, 365, 365, 366],
    ],
  ];
  for (const [label, plan, anchor, starts, days] of cases) {
    it(`${label}: ${starts.join(', ')}`, () => {
      const timeline = new Timeline(plan, day(anchor));
      const invoiceAfter = [iso(timeline.subscription.invoiceAfter)];
      for (const start of starts.slice(1, -1)) {
        expect(timeline.run(day(start)), `the run on ${start}`).to.equal(start);
        invoiceAfter.push(iso(timeline.subscription.invoiceAfter));
      }
      expect(timeline.invoices.map((p) => iso(p.start))).to.deep.equal(starts.slice(0, -1));
      // EPCC: invoice_after is when it is next eligible for an invoice: the end of each period invoiced.
      expect(invoiceAfter, 'invoice_after after each invoice').to.deep.equal(starts.slice(1));
      expect(timeline.invoices.slice(1).map((p) => daysBetween(p.start, p.end))).to.deep.equal(days.slice(1));
      expect(daysBetween(timeline.invoices[0]!.start, timeline.invoices[0]!.end)).to.equal(days[0]);
    });
  }
});

describe('EPCC rule: one invoice per subscription per run, a subscription behind catching up over runs', () => {
  // "Although, billing runs generate one invoice per subscription, if a go_live_date is set far in the
  // past, multiple invoices could be generated over the course of several billing runs".
  const cases: ReadonlyArray<{
    name: string;
    created: string;
    goLiveAfter?: string;
    runs: readonly string[];
    invoiced: ReadonlyArray<string | undefined>;
    invoiceAfter: string;
  }> = [
    {
      name: 'created 10 March, one run on 11 May: one invoice (10 April), not three',
      created: '2026-03-10',
      runs: ['2026-05-11'],
      invoiced: ['2026-04-10'],
      invoiceAfter: '2026-05-10',
    },
    {
      name: 'created 10 March, runs on 11 May until it has caught up: one period each, oldest first',
      created: '2026-03-10',
      runs: ['2026-05-11', '2026-05-11', '2026-05-11', '2026-05-11'],
      invoiced: ['2026-04-10', '2026-05-10', undefined, undefined],
      invoiceAfter: '2026-06-10',
    },
    {
      name: 'five periods behind: five runs to catch up, the sixth finds it not due',
      created: '2026-01-10',
      runs: ['2026-06-11', '2026-06-12', '2026-06-13', '2026-06-14', '2026-06-15', '2026-06-16'],
      invoiced: ['2026-02-10', '2026-03-10', '2026-04-10', '2026-05-10', '2026-06-10', undefined],
      invoiceAfter: '2026-07-10',
    },
    {
      name: 'runs skipped for months on a 31st: caught up on the clamped grid, not drifting to the 28th',
      created: '2026-01-31',
      runs: ['2026-06-01', '2026-06-01', '2026-06-01', '2026-06-01', '2026-06-01'],
      invoiced: ['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', undefined],
      invoiceAfter: '2026-06-30',
    },
    {
      name: 'a run before invoice_after: nothing; at it: one',
      created: '2026-03-10',
      runs: ['2026-04-09', '2026-04-10'],
      invoiced: [undefined, '2026-04-10'],
      invoiceAfter: '2026-05-10',
    },
    {
      name: 'pending, go_live_after reached 40 days ago, then runs: its first period, then the next',
      created: '2026-01-01',
      goLiveAfter: '2026-01-20',
      runs: ['2026-03-01', '2026-03-01', '2026-03-01'],
      invoiced: ['2026-01-20', '2026-02-20', undefined],
      invoiceAfter: '2026-03-20',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const timeline = new Timeline(
        monthly,
        day(c.created),
        c.goLiveAfter === undefined ? undefined : day(c.goLiveAfter),
      );
      expect(c.runs.map((r) => timeline.run(day(r)))).to.deep.equal(c.invoiced);
      expect(iso(timeline.subscription.invoiceAfter)).to.equal(c.invoiceAfter);
    });
  }

  it('backdated to go_live_after 40 days in the past at creation: its first period with it, the next at the first run', () => {
    const created = day('2026-03-10');
    const goLive = new Date(created.getTime() - 40 * 86_400_000);
    const timeline = new Timeline(monthly, created, goLive);
    expect(timeline.invoices.map((p) => iso(p.start))).to.deep.equal(['2026-01-29']);
    expect(iso(timeline.subscription.invoiceAfter), 'invoice_after: the first period ended').to.equal('2026-02-28');
    expect([timeline.run(created), timeline.run(created)]).to.deep.equal(['2026-02-28', undefined]);
    expect(iso(timeline.subscription.invoiceAfter)).to.equal('2026-03-29');
  });
});

describe('EPCC rule: a cancel or a pause leaves the status to the next billing run that is due', () => {
  // Monthly from 10 March, its first month invoiced at creation: invoice_after 10 April.
  const Z = (d: string) => day(d);
  const life = () => new Timeline(monthly, Z('2026-03-10'));

  it('canceled on 20 March, before the invoiced period ends, no run: active on 12 April (closed at its end date)', () => {
    const t = life();
    t.act('cancel', Z('2026-03-20'));
    expect(iso(t.subscription.timestamps.endDate!)).to.equal('2026-04-10');
    expect(t.standing(Z('2026-04-12'))).to.deep.equal({ pending: false, closed: true, status: 'active' });
  });

  it('canceled on 20 March: a run before invoice_after changes nothing, the run due sets it inactive, with no invoice', () => {
    const t = life();
    t.act('cancel', Z('2026-03-20'));
    expect(t.run(Z('2026-04-01'))).to.equal(undefined);
    expect(t.standing(Z('2026-04-01')).status).to.equal('active');
    expect(t.run(Z('2026-04-12'))).to.equal(undefined);
    expect(t.standing(Z('2026-04-12')).status).to.equal('inactive');
    expect(t.invoices).to.have.length(1);
  });

  it('canceled on 12 April, after the invoiced period ended, no run: active, ended at the cancel instant', () => {
    const t = life();
    t.act('cancel', Z('2026-04-12'));
    expect(iso(t.subscription.timestamps.endDate!)).to.equal('2026-04-12');
    expect(t.standing(Z('2026-04-12')).status).to.equal('active');
    expect(t.standing(Z('2026-06-01')).status).to.equal('active');
  });

  it('canceled on 12 April, after the invoiced period ended, then a run: inactive, the period not billed', () => {
    const t = life();
    t.act('cancel', Z('2026-04-12'));
    expect(t.run(Z('2026-04-13'))).to.equal(undefined);
    expect(t.standing(Z('2026-04-13')).status).to.equal('inactive');
    expect(t.invoices.map((p) => iso(p.start))).to.deep.equal(['2026-03-10']);
  });

  it('a run on 11 April, then canceled on 12 April: ends with the month invoiced, active until the run due on 10 May', () => {
    const t = life();
    expect(t.run(Z('2026-04-11'))).to.equal('2026-04-10');
    t.act('cancel', Z('2026-04-12'));
    expect(iso(t.subscription.timestamps.endDate!)).to.equal('2026-05-10');
    expect(t.run(Z('2026-04-13'))).to.equal(undefined);
    expect(t.standing(Z('2026-04-13')).status).to.equal('active');
    expect(t.run(Z('2026-05-10'))).to.equal(undefined);
    expect(t.standing(Z('2026-05-10')).status).to.equal('inactive');
  });

  it('paused on 20 March, before the invoiced period ends: active until the run due, then inactive; resumed, the next run invoices', () => {
    const t = life();
    t.act('pause', Z('2026-03-20'));
    expect(t.run(Z('2026-04-01'))).to.equal(undefined);
    expect(t.standing(Z('2026-04-01')).status).to.equal('active');
    expect(t.run(Z('2026-04-12'))).to.equal(undefined);
    expect(t.standing(Z('2026-04-12')).status).to.equal('inactive');
    expect(t.run(Z('2026-05-12')), 'later runs skip it').to.equal(undefined);
    t.act('resume', Z('2026-06-01'));
    // 10 April – 10 May was paused throughout; 10 May – 10 June holds the resume.
    expect(t.run(Z('2026-06-02'))).to.equal('2026-05-10');
    expect(t.standing(Z('2026-06-02')).status, 'active again once a payment succeeds').to.equal('inactive');
    expect(iso(t.subscription.invoiceAfter)).to.equal('2026-06-10');
  });

  it('paused on 12 April, after the invoiced period ended: the run due sets it inactive; resumed within the period, it is billed', () => {
    const t = life();
    t.act('pause', Z('2026-04-12'));
    expect(t.standing(Z('2026-04-12')).status, 'no run yet').to.equal('active');
    expect(t.run(Z('2026-04-13'))).to.equal(undefined);
    expect(t.standing(Z('2026-04-13')).status).to.equal('inactive');
    t.act('resume', Z('2026-04-20'));
    expect(t.run(Z('2026-04-21'))).to.equal('2026-04-10');
  });
});

describe("EPCC rule: proration divides by the invoiced period's own days", () => {
  const offeringStore = uuid(950);
  const small = aPlan(offeringStore, { name: 'Small', fixed_price: { USD: { amount: 3100, includes_tax: true } } });
  const large = aPlan(offeringStore, { name: 'Large', fixed_price: { USD: { amount: 6200, includes_tax: true } } });
  const offering = anOffering(offeringStore, [aProduct(offeringStore)], [small, large]);
  const [smallId, largeId] = offering.plans.map((p) => p.id) as [Subscription['planId'], Subscription['planId']];
  const subscribedAt = (anchor: string): Subscription =>
    aSubscription(offering, offering.id, {
      planId: smallId,
      timestamps: { createdAt: day(anchor), updatedAt: day(anchor) },
      billingAnchor: day(anchor),
      invoiceAfter: day(anchor),
    });
  const cases: ReadonlyArray<{
    name: string;
    anchor: string;
    period: readonly [string, string];
    switchAt: string;
    rounding: 'up' | 'down' | 'nearest';
    days: number;
    refund: number;
    charge: number;
  }> = [
    {
      name: "the issue's example: 28 February – 31 March (31 days), 29 left",
      anchor: '2026-01-31',
      period: ['2026-02-28', '2026-03-31'],
      switchAt: '2026-03-01T12:00:00.000Z',
      rounding: 'down',
      days: 29,
      refund: 2900,
      charge: 5800,
    },
    {
      name: '31 January – 29 February 2024 (29 days), 20 left',
      anchor: '2024-01-31',
      period: ['2024-01-31', '2024-02-29'],
      switchAt: '2024-02-09T00:00:00.000Z',
      rounding: 'down',
      days: 20,
      refund: 2137,
      charge: 4275,
    },
    {
      name: 'rounded up from the first second of a 31-day period: the whole period, never more than it cost',
      anchor: '2026-01-31',
      period: ['2026-02-28', '2026-03-31'],
      switchAt: '2026-02-28T00:00:01.000Z',
      rounding: 'up',
      days: 31,
      refund: 3100,
      charge: 6200,
    },
    {
      name: '30 April – 31 May (31 days) from a 31st, 15 left',
      anchor: '2026-01-31',
      period: ['2026-04-30', '2026-05-31'],
      switchAt: '2026-05-16T00:00:00.000Z',
      rounding: 'nearest',
      days: 15,
      refund: 1500,
      charge: 3000,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: refunds ${c.refund}, charges ${c.charge}`, () => {
      const before = subscribedAt(c.anchor);
      const invoiced = { start: day(c.period[0]), end: day(c.period[1]) };
      const result = prorated(
        before,
        { ...before, planId: largeId },
        offering,
        invoiced,
        { id: uuid(951), rounding: c.rounding },
        at(c.switchAt),
      );
      if (E.isLeft(result)) throw new Error(result.left);
      expect(result.right.prorations?.[0]).to.deep.include({
        days: c.days,
        refundedAmountForUnusedPlan: c.refund,
        newPlanCost: c.charge,
        billingCostBeforeProration: 3100,
      });
      expect(c.refund).to.be.at.most(3100);
    });
  }
});
