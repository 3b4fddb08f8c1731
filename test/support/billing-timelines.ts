/**
 * Random timelines of a store's billing, for the model test (test/application/billing/billing-model.spec.ts):
 * month-end starts, subscriptions live at once, pending or backdated, waits of hours to months, jumps to
 * month ends, billing and payment runs, pauses, resumes, cancels, plan switches and price changes.
 */

import fc from 'fast-check';
import type { GatewayChoice, ModelAction, ModelDunning, ModelPlan } from './billing-model.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/**
 * The plans a timeline subscribes to and switches between: two monthly plans (so that a switch keeps the
 * period's length), monthly after a month's trial, every two weeks, daily, yearly, and monthly and every two
 * weeks with a lead time (invoiced a week and three days ahead, pro forma until their periods start).
 */
const fixedAt = (amount: number) => ({ fixed_price: { USD: { amount, includes_tax: true } } });
export const PLANS: readonly (ModelPlan & { readonly attributes: Record<string, unknown> })[] = [
  { unit: 'month', every: 1, trial: 0, price: 3100, attributes: { name: 'Monthly', ...fixedAt(3100) } },
  { unit: 'month', every: 1, trial: 0, price: 6200, attributes: { name: 'Monthly, large', ...fixedAt(6200) } },
  {
    unit: 'month',
    every: 1,
    trial: 1,
    price: 2990,
    attributes: { name: 'Monthly, trial first', trial_period: 1, ...fixedAt(2990) },
  },
  {
    unit: 'week',
    every: 2,
    trial: 0,
    price: 990,
    attributes: { name: 'Fortnightly', billing_interval_type: 'week', billing_frequency: 2, ...fixedAt(990) },
  },
  {
    unit: 'day',
    every: 1,
    trial: 0,
    price: 99,
    attributes: { name: 'Daily', billing_interval_type: 'day', ...fixedAt(99) },
  },
  {
    unit: 'year',
    every: 1,
    trial: 0,
    price: 29900,
    attributes: { name: 'Yearly', billing_interval_type: 'year', ...fixedAt(29900) },
  },
  {
    unit: 'month',
    every: 1,
    trial: 0,
    price: 3100,
    lead: { unit: 'week', time: 1 },
    attributes: { name: 'Monthly, invoiced a week ahead', ...fixedAt(3100) },
  },
  {
    unit: 'week',
    every: 2,
    trial: 0,
    price: 990,
    lead: { unit: 'day', time: 3 },
    attributes: {
      name: 'Fortnightly, invoiced 3 days ahead',
      billing_interval_type: 'week',
      billing_frequency: 2,
      ...fixedAt(990),
    },
  },
];
/** The plans with a lead time (EPCC 2026-10's pricing option `lead_time`), set through the 2025 wire. */
export const LEAD_PLANS = PLANS.flatMap((plan, index) => (plan.lead === undefined ? [] : [index]));
/** Monthly plans come up most: month ends are where the rules differ. */
export const aPlan = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(0, 1) },
  { weight: 4, arbitrary: fc.integer({ min: 2, max: PLANS.length - 1 }) },
  { weight: 2, arbitrary: fc.constantFrom(...LEAD_PLANS) },
);

/**
 * Where a timeline starts: month ends (the 28th to the 31st, 29 February of a leap year, 31 January before
 * a leap February), at a time of day, so that subscriptions made at once are anchored there.
 */
export const STARTS = [
  '2026-01-31T09:15:00.000Z',
  '2026-01-29T22:40:00.000Z',
  '2026-03-31T00:00:00.000Z',
  '2026-05-31T13:05:00.000Z',
  '2027-12-31T23:30:00.000Z',
  '2028-01-31T06:00:00.000Z',
  '2028-01-30T18:45:00.000Z',
  '2028-02-29T12:00:00.000Z',
];

/** Now (a subscription live at once), later (pending until then) or earlier (backdated). */
export type GoLive =
  | { readonly in: 'now' }
  | { readonly in: 'future'; readonly hours: number }
  | { readonly in: 'past'; readonly days: number };

export type Step =
  | { readonly kind: 'subscribe'; readonly plan: number; readonly live: GoLive; readonly manual?: boolean }
  | { readonly kind: 'wait'; readonly hours: number }
  | { readonly kind: 'month-end'; readonly day: number }
  /** On to when subscription `which` is next due (its `invoice_after`), and `hours` more, if that is ahead. */
  | { readonly kind: 'due'; readonly which: number; readonly hours: number }
  /** Billing runs one after another at the same time: EPCC's runs make one invoice each, so several catch up. */
  | { readonly kind: 'run'; readonly times: number }
  /** A payment run; the gateway does for each invoice what `choices` says (`choiceFor`), or declines every attempt. */
  | { readonly kind: 'pay'; readonly choices?: readonly GatewayChoice[] }
  | { readonly kind: 'act'; readonly action: ModelAction; readonly which: number }
  | { readonly kind: 'switch'; readonly plan: number; readonly which: number }
  /** The merchant takes the oldest waiting manual payment of subscription `which`. */
  | { readonly kind: 'settle'; readonly which: number }
  /** A refund of `percent` % of the latest payment of subscription `which` (over 100: more than it took). */
  | { readonly kind: 'refund'; readonly which: number; readonly percent: number }
  /** The merchant asks for one more attempt of the oldest invoice of subscription `which` whose retries are spent. */
  | { readonly kind: 'request attempt'; readonly which: number }
  /** A `subscription-update` job giving subscription `which`'s plan a new price from its next period. */
  | { readonly kind: 'price change'; readonly amount: number; readonly which: number };

export const goLive: fc.Arbitrary<GoLive> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ in: 'now' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ in: fc.constant('future' as const), hours: fc.integer({ min: 1, max: 24 * 40 }) }),
  },
  { weight: 2, arbitrary: fc.record({ in: fc.constant('past' as const), days: fc.integer({ min: 1, max: 150 }) }) },
);
export const subscribe = fc.record({ kind: fc.constant('subscribe' as const), plan: aPlan, live: goLive });
/** The first subscriptions, mostly monthly and live at the (month-end) start, so anchored there. */
const subscribeAtStart = fc.record({
  kind: fc.constant('subscribe' as const),
  plan: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, 1) }, { weight: 1, arbitrary: aPlan }),
  live: fc.oneof({ weight: 4, arbitrary: fc.constant({ in: 'now' as const }) }, { weight: 1, arbitrary: goLive }),
});
export const waitBetween = (min: number, max: number) =>
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min, max }) });
export const waitUpTo = (hours: number) => waitBetween(1, hours);
export const run = fc.record({
  kind: fc.constant('run' as const),
  times: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 4 }) }),
});
export const pay = fc.constant({ kind: 'pay' as const });
export const act = (among: number) =>
  fc.record({
    kind: fc.constant('act' as const),
    action: fc.constantFrom<ModelAction>('pause', 'resume', 'cancel', 'cancel now'),
    which: fc.nat(among),
  });
export const switchOf = (among: number) =>
  fc.record({ kind: fc.constant('switch' as const), plan: aPlan, which: fc.nat(among) });
export const priceChangeOf = (among: number) =>
  fc.record({
    kind: fc.constant('price change' as const),
    // Zero now and then: a free period has nothing to pay, and a switch from it refunds nothing.
    amount: fc.oneof(
      { weight: 9, arbitrary: fc.integer({ min: 1, max: 40_000 }) },
      { weight: 1, arbitrary: fc.constant(0) },
    ),
    which: fc.nat(among),
  });
/** To the next 28th–31st (a month's last day when it has fewer), so that subscriptions made then are anchored there. */
export const monthEnd = fc.record({ kind: fc.constant('month-end' as const), day: fc.integer({ min: 28, max: 31 }) });

/** Into a subscription's next period: a run then bills it and a switch after it is prorated. */
export const due = (among: number) =>
  fc.record({
    kind: fc.constant('due' as const),
    which: fc.nat(among),
    hours: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 24 * 20 })),
  });

/**
 * One subscription's next period: on to when it is due, then one of: billing runs and a plan switch inside
 * the period just invoiced (prorated under a policy: on a month-end anchor, a period such as 28 February –
 * 31 March, whose days differ from a month after its start); a cancel after the invoiced period ended, with
 * or without a run after it; a pause, a run when it is next due, and a resume.
 */
export const episode: fc.Arbitrary<readonly Step[]> = fc
  .tuple(
    due(9),
    run,
    fc.oneof(
      { weight: 4, arbitrary: fc.constant('switch' as const) },
      { weight: 1, arbitrary: fc.constantFrom('cancel' as const, 'cancel, then run' as const) },
      { weight: 1, arbitrary: fc.constant('pause' as const) },
    ),
    aPlan,
    fc.nat(24 * 20),
  )
  .map(([next, billing, then, plan, hours]): readonly Step[] => {
    const { which } = next;
    const wait = { kind: 'wait' as const, hours: hours + 1 };
    if (then === 'switch') return [next, billing, wait, { kind: 'switch', plan, which }];
    if (then === 'pause')
      return [
        next,
        billing,
        { kind: 'act', action: 'pause', which },
        { ...next, hours: 0 },
        billing,
        wait,
        { kind: 'act', action: 'resume', which },
      ];
    return [next, { kind: 'act', action: 'cancel', which }, ...(then === 'cancel' ? [] : [billing])];
  });

export const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: subscribe },
  { weight: 3, arbitrary: waitUpTo(24 * 10) },
  // About a month: from a month end into the next period, which may start on a clamped day (28 February).
  { weight: 2, arbitrary: waitBetween(24 * 27, 24 * 34) },
  { weight: 4, arbitrary: due(9) },
  // Billing runs skipped for months.
  { weight: 1, arbitrary: waitBetween(24 * 40, 24 * 200) },
  { weight: 1, arbitrary: monthEnd },
  { weight: 5, arbitrary: run },
  { weight: 1, arbitrary: pay },
  { weight: 2, arbitrary: act(9) },
  { weight: 5, arbitrary: switchOf(9) },
  { weight: 3, arbitrary: priceChangeOf(9) },
);

/** The store's default dunning rule, or none (EPCC's default: daily, 10 retries, nothing after). */
export const dunning: fc.Arbitrary<ModelDunning | undefined> = fc.option(
  fc
    .record({
      type: fc.constantFrom('fixed' as const, 'backoff' as const, 'tiered' as const),
      days: fc.integer({ min: 1, max: 3 }),
      multiplier: fc.integer({ min: 2, max: 3 }),
      limit: fc.integer({ min: 0, max: 4 }),
      action: fc.constantFrom('none' as const, 'pause' as const, 'suspend' as const, 'close' as const),
    })
    .map((rule) => (rule.type === 'fixed' ? { ...rule, multiplier: 1 } : rule)),
  { nil: undefined },
);

/** The offering's proration policy's rounding, or no policy. */
export const policy = fc.constantFrom(undefined, 'up' as const, 'down' as const, 'nearest' as const);
export const somePolicy = fc.constantFrom('up' as const, 'down' as const, 'nearest' as const);

/** One timeline: where it starts, the policy, the dunning rule, and the steps. */
export interface Timeline {
  readonly start: string;
  readonly rounding: 'up' | 'down' | 'nearest' | undefined;
  readonly rule: ModelDunning | undefined;
  readonly steps: readonly Step[];
}

export const timelines = (
  steps: fc.Arbitrary<readonly Step[]>,
  policies: fc.Arbitrary<Timeline['rounding']> = policy,
  rules: fc.Arbitrary<ModelDunning | undefined> = dunning,
): fc.Arbitrary<Timeline> => fc.record({ start: fc.constantFrom(...STARTS), rounding: policies, rule: rules, steps });

/** A few subscriptions made at the start, then `then`. */
export const startingWith = (
  then: fc.Arbitrary<Step | readonly Step[]>,
  maxLength: number,
): fc.Arbitrary<readonly Step[]> =>
  fc
    .tuple(
      fc.array(subscribeAtStart, { minLength: 1, maxLength: 3 }),
      fc.array(then, { minLength: 4, maxLength, size: 'max' }),
    )
    .map(([first, rest]): readonly Step[] => [...first, ...rest.flat()]);

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The next instant after `now` on the `day`th of a month (its last day when it has fewer), at the same time of day. */
export const nextMonthEnd = (now: number, day: number): number => {
  const at = new Date(now);
  for (let month = at.getUTCMonth(); ; month += 1) {
    const year = at.getUTCFullYear() + Math.floor(month / 12);
    const inYear = month % 12;
    const candidate = Date.UTC(year, inYear, Math.min(day, daysIn(year, inYear))) + (now % DAY);
    if (candidate > now) return candidate;
  }
};

/** General timelines: month-end starts, subscriptions of every kind, and every step. */
export const general = timelines(
  startingWith(fc.oneof({ weight: 2, arbitrary: step }, { weight: 1, arbitrary: episode }), 24),
  fc.oneof({ weight: 1, arbitrary: policy }, { weight: 2, arbitrary: somePolicy }),
);

/** Switches soon after runs, under a policy: most land inside an invoiced period and are prorated. */
export const switching = timelines(
  startingWith(
    fc.oneof(
      { weight: 1, arbitrary: subscribe },
      { weight: 3, arbitrary: waitUpTo(24 * 10) },
      { weight: 1, arbitrary: monthEnd },
      { weight: 2, arbitrary: run },
      { weight: 3, arbitrary: switchOf(3) },
      { weight: 1, arbitrary: priceChangeOf(3) },
    ),
    30,
  ),
  somePolicy,
);

/** What a gateway does with each invoice of a payment run: takes the money, declines, or loses its answer. */
const choices = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.constant<GatewayChoice>('succeeds') },
    { weight: 4, arbitrary: fc.constant<GatewayChoice>('declined') },
    { weight: 1, arbitrary: fc.constant<GatewayChoice>('3-D Secure') },
    { weight: 2, arbitrary: fc.constant<GatewayChoice>('lost after the charge') },
    { weight: 2, arbitrary: fc.constant<GatewayChoice>('lost before the charge') },
  ),
  { minLength: 1, maxLength: 4 },
);
export const payThrough = fc.record({ kind: fc.constant('pay' as const), choices });
const requestAttempt = (among: number) =>
  fc.record({ kind: fc.constant('request attempt' as const), which: fc.nat(among) });
/** A merchant resuming a subscription: after dunning's `close`, once its invoice is paid, it reopens. */
const resume = (among: number) =>
  fc.record({ kind: fc.constant('act' as const), action: fc.constant<ModelAction>('resume'), which: fc.nat(among) });
/**
 * Dunning to its end, then a subscriber settling up: payment runs declining every attempt ten days apart
 * (longer than any retry of these rules waits) spend the retries; the merchant asks for one more attempt, a
 * payment run takes it (lifting a suspension), the merchant resumes the subscription (reopening one dunning
 * closed), and a billing run some weeks on bills the period running then, not those that ended before.
 */
const settlingUp: fc.Arbitrary<readonly Step[]> = fc
  .tuple(fc.nat(3), fc.integer({ min: 24 * 20, max: 24 * 40 }))
  .map(([which, hours]): readonly Step[] => [
    ...[1, 2, 3].flatMap((): Step[] => [
      { kind: 'pay', choices: ['declined'] },
      { kind: 'wait', hours: 24 * 10 },
    ]),
    { kind: 'request attempt', which },
    { kind: 'pay', choices: ['succeeds'] },
    { kind: 'act', action: 'resume', which },
    { kind: 'wait', hours },
    { kind: 'run', times: 1 },
  ]);

/** Payment runs every day or so under a rule with few retries: most invoices spend them and meet its action. */
export const paying = timelines(
  startingWith(
    fc.oneof(
      { weight: 1, arbitrary: subscribe },
      { weight: 4, arbitrary: waitUpTo(72) },
      { weight: 1, arbitrary: run },
      { weight: 4, arbitrary: pay },
      { weight: 1, arbitrary: act(3) },
    ),
    40,
  ),
  policy,
  dunning.filter((rule) => rule !== undefined),
);

/**
 * Payment runs every day or so through a gateway that takes some payments, declines or wants 3-D Secure for
 * others and loses some answers, after charging or before, under a rule with few retries: invoices are
 * paid, resumed by the next run, or spend their retries and meet the rule's action; the merchant asks for
 * one more attempt of a spent invoice, whose payment lifts a suspension or lets a closed subscription be
 * resumed; billing runs, state changes and subscriptions made between them.
 */
export const collecting = timelines(
  startingWith(
    fc.oneof(
      { weight: 1, arbitrary: subscribe },
      { weight: 3, arbitrary: waitUpTo(72) },
      // Periods end while a subscription stands suspended or closed: once paid, they are never billed.
      { weight: 1, arbitrary: waitBetween(24 * 20, 24 * 40) },
      { weight: 1, arbitrary: due(3) },
      { weight: 2, arbitrary: run },
      { weight: 4, arbitrary: payThrough },
      { weight: 1, arbitrary: act(3) },
      { weight: 1, arbitrary: requestAttempt(3) },
      { weight: 1, arbitrary: resume(3) },
      { weight: 1, arbitrary: settlingUp },
    ),
    30,
  ),
  policy,
  fc
    .record({
      type: fc.constantFrom('fixed' as const, 'backoff' as const, 'tiered' as const),
      days: fc.integer({ min: 1, max: 3 }),
      multiplier: fc.integer({ min: 2, max: 3 }),
      limit: fc.integer({ min: 0, max: 2 }),
      action: fc.constantFrom(
        'none' as const,
        'pause' as const,
        'suspend' as const,
        'suspend' as const,
        'close' as const,
        'close' as const,
      ),
    })
    .map((rule) => (rule.type === 'fixed' ? { ...rule, multiplier: 1 } : rule)),
);

const manual = fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
const settle = (among: number) => fc.record({ kind: fc.constant('settle' as const), which: fc.nat(among) });
/** A share of a payment: mostly a part, sometimes all of it, sometimes a penny more than it took. */
const percent = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom(100, 101) },
);
const refund = (among: number) => fc.record({ kind: fc.constant('refund' as const), which: fc.nat(among), percent });

/** A payment run, the merchant taking a subscription's waiting payment, and refunds of it. */
const takenAndRefunded: fc.Arbitrary<readonly Step[]> = fc
  .tuple(fc.nat(3), fc.array(percent, { minLength: 1, maxLength: 4 }))
  .map(([which, shares]): readonly Step[] => [
    { kind: 'pay' },
    { kind: 'settle', which },
    ...shares.map((share) => ({ kind: 'refund' as const, which, percent: share })),
  ]);

/**
 * Subscriptions most of which take manual payments, from the start: payment runs, the merchant taking
 * payments, refunds in parts (some more than what is left, some of payments not taken), billing runs and
 * state changes between them.
 */
export const refunding = timelines(
  fc
    .tuple(
      fc.array(fc.record({ kind: fc.constant('subscribe' as const), plan: aPlan, live: goLive, manual }), {
        minLength: 1,
        maxLength: 3,
      }),
      fc.array(
        fc.oneof(
          { weight: 3, arbitrary: takenAndRefunded },
          {
            weight: 1,
            arbitrary: fc.record({ kind: fc.constant('subscribe' as const), plan: aPlan, live: goLive, manual }),
          },
          { weight: 3, arbitrary: waitUpTo(24 * 10) },
          { weight: 1, arbitrary: due(3) },
          { weight: 2, arbitrary: run },
          { weight: 1, arbitrary: pay },
          { weight: 1, arbitrary: settle(3) },
          { weight: 2, arbitrary: refund(3) },
          { weight: 1, arbitrary: act(3) },
        ),
        { minLength: 4, maxLength: 20, size: 'max' },
      ),
    )
    .map(([first, rest]): readonly Step[] => [...first, ...rest.flat()]),
  policy,
  fc.constant(undefined),
);
