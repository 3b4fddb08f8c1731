import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { type InvoiceDraft, NO_PRORATION } from '../../../src/domain/billing/invoices/invoice.js';
import { invoiceDraft } from '../../../src/domain/billing/invoices/invoice-items.js';
import {
  chargeProrations,
  costOfDays,
  prorated,
  prorationDays,
} from '../../../src/domain/billing/proration/proration.js';
import type { ProrationRounding } from '../../../src/domain/billing/proration/proration-policy.js';
import { AMOUNT_MAX } from '../../../src/domain/shared/money.js';
import type { Subscription } from '../../../src/domain/subscriptions/subscription.js';
import { uuid } from '../../support/domain-builders.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';

const at = (iso: string) => new Date(iso);
const POLICY = { id: uuid(501), rounding: 'up' as ProrationRounding };

describe('proration by day', () => {
  // 2030-01-31 00:00 to these instants: whole days, part days, and half a day.
  const days: ReadonlyArray<[string, string, number, number, number]> = [
    ['twenty whole days', '2030-01-11T00:00:00.000Z', 20, 20, 20],
    ['a little over twenty days', '2030-01-10T14:00:00.000Z', 21, 20, 20],
    ['twenty and a half days', '2030-01-10T12:00:00.000Z', 21, 20, 21],
    ['a little under twenty-one days', '2030-01-10T01:00:00.000Z', 21, 20, 21],
    ['less than half a day', '2030-01-30T20:00:00.000Z', 1, 0, 0],
    ['no time at all', '2030-01-31T00:00:00.000Z', 0, 0, 0],
  ];
  for (const [label, from, up, down, nearest] of days) {
    it(`counts ${label} as ${up} up, ${down} down, ${nearest} to the nearest`, () => {
      const end = at('2030-01-31T00:00:00.000Z');
      expect((['up', 'down', 'nearest'] as const).map((r) => prorationDays(at(from), end, r))).to.deep.equal([
        up,
        down,
        nearest,
      ]);
    });
  }

  const costs: ReadonlyArray<[number, number, number, number | undefined]> = [
    [3100, 21, 31, 2100],
    [6200, 27, 28, 5978],
    [1000, 1, 3, 333],
    [999, 30, 30, 999],
    [1, 1, 31, 0],
    [AMOUNT_MAX, 30, 31, Number((BigInt(AMOUNT_MAX) * 30n) / 31n)],
    [AMOUNT_MAX, 2, 1, undefined],
  ];
  for (const [price, used, length, cost] of costs) {
    it(`prices ${used} of ${length} days at ${price} as ${cost ?? 'too large'}, rounded down to the penny`, () => {
      expect(costOfDays(price, used, length)).to.equal(cost);
    });
  }
});

describe('a plan switch prorated', () => {
  const store = uuid(900);
  const beans = aProduct(store, { name: 'Beans', price: { USD: { amount: 3100, includes_tax: true } } });
  const monthly = aPlan(store, { name: 'Small' });
  const large = aPlan(store, { name: 'Large', fixed_price: { USD: { amount: 6200, includes_tax: false } } });
  const yearly = aPlan(store, {
    name: 'Yearly',
    billing_interval_type: 'year',
    fixed_price: { USD: { amount: 36_500, includes_tax: true } },
  });
  const offering = anOffering(store, [beans], [monthly, large, yearly]);
  const [small, big, year] = offering.plans.map((p) => p.id) as [
    (typeof offering.plans)[0]['id'],
    (typeof offering.plans)[0]['id'],
    (typeof offering.plans)[0]['id'],
  ];
  const created = at('2030-01-01T00:00:00.000Z');
  const before = aSubscription(offering, offering.id, {
    planId: small,
    timestamps: { createdAt: created, updatedAt: created },
    invoiceAfter: created,
  });
  const january = { start: created, end: at('2030-02-01T00:00:00.000Z') };
  const to = (planId: typeof small): Subscription => ({ ...before, planId });

  it('refunds the old plan and charges the new for the days left of the invoiced period', () => {
    const result = prorated(before, to(big), offering, january, POLICY, at('2030-01-11T12:00:00.000Z'));
    expect(E.isRight(result) && result.right.prorations).to.deep.equal([
      {
        prorationPolicyId: POLICY.id,
        billingCostBeforeProration: 3100,
        refundedAmountForUnusedPlan: 2100,
        newPlanCost: 4200,
        proratedAt: at('2030-01-11T12:00:00.000Z'),
        proratedUntil: january.end,
        days: 21,
        from: { planId: small, name: 'Small', includesTax: true },
        to: { planId: big, name: 'Large', includesTax: false },
      },
    ]);
  });

  it("prices each plan's day from one of its own periods: a yearly plan's day is a 365th", () => {
    const result = prorated(before, to(year), offering, january, POLICY, at('2030-01-11T00:00:00.000Z'));
    expect(E.isRight(result) && result.right.prorations?.[0]).to.deep.include({
      days: 21,
      refundedAmountForUnusedPlan: 2100,
      newPlanCost: 2100,
    });
  });

  const none: ReadonlyArray<[string, () => ReturnType<typeof prorated>]> = [
    [
      'without a policy (EPCC: proration is off by default)',
      () => prorated(before, to(big), offering, january, undefined, at('2030-01-11T00:00:00.000Z')),
    ],
    [
      'before anything was invoiced',
      () => prorated(before, to(big), offering, undefined, POLICY, at('2030-01-11T00:00:00.000Z')),
    ],
    [
      'after the invoiced period ended (the next one is not invoiced yet)',
      () => prorated(before, to(big), offering, january, POLICY, at('2030-02-03T00:00:00.000Z')),
    ],
    [
      'at the very end of the invoiced period',
      () => prorated(before, to(big), offering, january, POLICY, at('2030-02-01T00:00:00.000Z')),
    ],
    [
      'in the trial (invoiced at zero)',
      () =>
        prorated(
          { ...before, billingAnchor: january.end },
          to(big),
          offering,
          january,
          POLICY,
          at('2030-01-11T00:00:00.000Z'),
        ),
    ],
    [
      'when the days left round to none',
      () =>
        prorated(before, to(big), offering, january, { ...POLICY, rounding: 'down' }, at('2030-01-31T13:00:00.000Z')),
    ],
    ['when the plan stays', () => prorated(before, before, offering, january, POLICY, at('2030-01-11T00:00:00.000Z'))],
  ];
  for (const [label, run] of none) {
    it(`prorates nothing ${label}`, () => {
      const result = run();
      expect(E.isRight(result) && result.right.prorations).to.equal(undefined);
    });
  }

  describe('charged on the next invoices', () => {
    const switched = prorated(before, to(big), offering, january, POLICY, at('2030-01-11T12:00:00.000Z'));
    if (E.isLeft(switched)) throw new Error(switched.left);
    const subscription = switched.right;
    const draftOf = (start: string, end: string): InvoiceDraft => {
      const made = invoiceDraft(
        subscription,
        offering,
        { start: at(start), end: at(end), trial: false },
        { id: uuid(700), now: at(start) },
      );
      if (E.isLeft(made)) throw new Error(made.left);
      return made.right;
    };
    const february = draftOf('2030-02-01T00:00:00.000Z', '2030-03-01T00:00:00.000Z');
    const march = draftOf('2030-03-01T00:00:00.000Z', '2030-04-01T00:00:00.000Z');

    it("adds the new plan's days and takes off the old plan's on the first invoice only; the price excluding tax now needs tax", () => {
      const charged = chargeProrations([february, march], subscription, NO_PRORATION);
      if (E.isLeft(charged)) throw new Error(charged.left);
      const [first, second] = charged.right;
      expect(first!.items.map((i) => [i.price.amount, i.price.includes_tax])).to.deep.equal([
        [6200, false],
        [4200, false],
        [-2100, true],
      ]);
      expect([first!.amount, first!.taxRequired, first!.proration]).to.deep.equal([
        8300,
        true,
        { events: subscription.prorations, through: 1, creditCarried: 0 },
      ]);
      expect([second!.amount, second!.items.length, second!.proration]).to.deep.equal([
        6200,
        1,
        { events: [], through: 1, creditCarried: 0 },
      ]);
    });

    it('charges nothing twice: an invoice after the one that charged it starts after it', () => {
      const charged = chargeProrations([march], subscription, { through: 1, creditCarried: 0 });
      expect(E.isRight(charged) && charged.right[0]!.amount).to.equal(6200);
    });

    it('takes a carried credit off and passes on what is left of it', () => {
      const charged = chargeProrations([february, march], subscription, { through: 1, creditCarried: 10_000 });
      if (E.isLeft(charged)) throw new Error(charged.left);
      const [first, second] = charged.right;
      expect([first!.amount, first!.outstanding, first!.proration.creditCarried]).to.deep.equal([0, false, 3800]);
      expect([second!.amount, second!.proration.creditCarried]).to.deep.equal([2400, 0]);
    });

    it('refuses an invoice its prorations would take past the largest amount', () => {
      const huge = { ...subscription, prorations: [{ ...subscription.prorations![0]!, newPlanCost: AMOUNT_MAX }] };
      expect(chargeProrations([february], huge, NO_PRORATION)).to.deep.equal(
        E.left('the invoice with its prorations would exceed the largest amount'),
      );
    });
  });
});

describe('switches in one invoiced period: each refunds what the days left were charged', () => {
  const store = uuid(960);
  const fixedAt = (amount: number) => ({ fixed_price: { USD: { amount, includes_tax: true } } });
  const offering = anOffering(
    store,
    [aProduct(store)],
    [
      aPlan(store, { name: 'Small', ...fixedAt(3100) }),
      aPlan(store, { name: 'Large', ...fixedAt(6200) }),
      aPlan(store, { name: 'Fortnightly', billing_interval_type: 'week', billing_frequency: 2, ...fixedAt(990) }),
      aPlan(store, { name: 'Monthly, trial first', trial_period: 1, ...fixedAt(2990) }),
    ],
  );
  const idOf = (name: string): Subscription['planId'] => {
    const plan = offering.plans.find((p) => p.attributes.name === name);
    if (plan === undefined) throw new Error(`no plan ${name}`);
    return plan.id;
  };
  // Monthly from 31 January: 31 January – 28 February (28 days), 28 February – 31 March (31 days).
  const anchor = at('2026-01-31T09:15:00.000Z');
  const february = { start: anchor, end: at('2026-02-28T09:15:00.000Z') };
  const march = { start: at('2026-02-28T00:00:00.000Z'), end: at('2026-03-31T00:00:00.000Z') };
  const cases: ReadonlyArray<{
    readonly name: string;
    readonly period: { readonly start: Date; readonly end: Date };
    readonly rounding: ProrationRounding;
    /** Each switch: the plan switched to, and when. */
    readonly switches: readonly (readonly [string, string])[];
    /** Each switch's days, refund and charge. */
    readonly prorations: readonly (readonly [number, number, number])[];
    /** What the switches come to on the next invoice, when they end on the plan invoiced. */
    readonly net?: number;
  }> = [
    {
      name: 'the smallest case: at the run, to the fortnightly plan, then to the monthly one with a trial (28 days)',
      period: february,
      rounding: 'up',
      switches: [
        ['Fortnightly', '2026-01-31T09:15:00.000Z'],
        ['Monthly, trial first', '2026-01-31T09:15:00.000Z'],
      ],
      // 990 × 28 / 14 charged for the 28 days, so 1980 refunded (not 990 × 28 / 28).
      prorations: [
        [28, 3100, 1980],
        [28, 1980, 2990],
      ],
    },
    {
      name: 'there and back at once on a 31-day period',
      period: march,
      rounding: 'down',
      switches: [
        ['Large', '2026-03-10T00:00:00.000Z'],
        ['Small', '2026-03-10T00:00:00.000Z'],
      ],
      prorations: [
        [21, 2100, 4200],
        [21, 4200, 2100],
      ],
      net: 0,
    },
    {
      name: 'there and back at once through the fortnightly plan: what its days were charged, to the penny',
      period: march,
      rounding: 'down',
      switches: [
        ['Fortnightly', '2026-03-01T00:00:00.000Z'],
        ['Small', '2026-03-01T00:00:00.000Z'],
      ],
      prorations: [
        [30, 3000, 2121],
        [30, 2121, 3000],
      ],
      net: 0,
    },
    {
      name: 'there, and back a week later through the fortnightly plan: 7 days at 990 a fortnight for 7 at 3100 a month',
      period: march,
      rounding: 'down',
      switches: [
        ['Fortnightly', '2026-03-01T00:00:00.000Z'],
        ['Small', '2026-03-08T00:00:00.000Z'],
      ],
      // 2121 × 23 / 30 = 1626.1, down to the penny.
      prorations: [
        [30, 3000, 2121],
        [23, 1626, 2300],
      ],
      net: -205,
    },
    {
      name: "three switches, the second back to a month's length: its day is a 31st of the price, not a 28th",
      period: march,
      rounding: 'up',
      switches: [
        ['Fortnightly', '2026-03-01T00:00:00.000Z'],
        ['Large', '2026-03-11T12:00:00.000Z'],
        ['Small', '2026-03-21T00:00:00.000Z'],
      ],
      prorations: [
        [30, 3000, 2121],
        [20, 1414, 4000],
        [10, 2000, 1000],
      ],
      net: 707,
    },
    {
      name: 'there and back ten days later, rounded up (20.5 and 10.25 days left)',
      period: march,
      rounding: 'up',
      switches: [
        ['Large', '2026-03-10T12:00:00.000Z'],
        ['Small', '2026-03-20T18:00:00.000Z'],
      ],
      prorations: [
        [21, 2100, 4200],
        [11, 2200, 1100],
      ],
      net: 1000,
    },
    {
      name: 'the same, rounded down',
      period: march,
      rounding: 'down',
      switches: [
        ['Large', '2026-03-10T12:00:00.000Z'],
        ['Small', '2026-03-20T18:00:00.000Z'],
      ],
      prorations: [
        [20, 2000, 4000],
        [10, 2000, 1000],
      ],
      net: 1000,
    },
    {
      name: 'the same, rounded to the nearest day',
      period: march,
      rounding: 'nearest',
      switches: [
        ['Large', '2026-03-10T12:00:00.000Z'],
        ['Small', '2026-03-20T18:00:00.000Z'],
      ],
      prorations: [
        [21, 2100, 4200],
        [10, 2000, 1000],
      ],
      net: 1100,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.prorations.map(([, refund, charge]) => `−${refund} +${charge}`).join(', ')}`, () => {
      let subscription = aSubscription(offering, offering.id, {
        planId: idOf('Small'),
        timestamps: { createdAt: anchor, updatedAt: anchor },
        billingAnchor: anchor,
        invoiceAfter: c.period.end,
      });
      for (const [plan, when] of c.switches) {
        const next = prorated(
          subscription,
          { ...subscription, planId: idOf(plan) },
          offering,
          c.period,
          { id: uuid(961), rounding: c.rounding },
          at(when),
        );
        if (E.isLeft(next)) throw new Error(next.left);
        subscription = next.right;
      }
      const events = subscription.prorations ?? [];
      expect(events.map((e) => [e.days, e.refundedAmountForUnusedPlan, e.newPlanCost])).to.deep.equal(c.prorations);
      // Each switch refunds no more than the one before it charged.
      for (const [n, event] of events.entries())
        if (n > 0) expect(event.refundedAmountForUnusedPlan).to.be.at.most(events[n - 1]!.newPlanCost);
      if (c.net !== undefined)
        expect(events.reduce((sum, e) => sum + e.newPlanCost - e.refundedAmountForUnusedPlan, 0)).to.equal(c.net);
    });
  }

  it('refunds an earlier switch stored before plans were kept by id at what it charged', () => {
    const first = prorated(
      aSubscription(offering, offering.id, { planId: idOf('Small'), billingAnchor: anchor }),
      aSubscription(offering, offering.id, { planId: idOf('Large'), billingAnchor: anchor }),
      offering,
      march,
      { id: uuid(961), rounding: 'down' },
      at('2026-03-10T00:00:00.000Z'),
    );
    if (E.isLeft(first)) throw new Error(first.left);
    const stored = first.right.prorations!.map(({ from, to, ...event }) => ({
      ...event,
      from: { name: from.name, includesTax: from.includesTax },
      to: { name: to.name, includesTax: to.includesTax },
    }));
    const before = { ...first.right, prorations: stored };
    const second = prorated(
      before,
      { ...before, planId: idOf('Small') },
      offering,
      march,
      { id: uuid(961), rounding: 'down' },
      at('2026-03-10T00:00:00.000Z'),
    );
    expect(E.isRight(second) && second.right.prorations?.[1]).to.deep.include({
      refundedAmountForUnusedPlan: 4200,
      newPlanCost: 2100,
    });
  });
});
