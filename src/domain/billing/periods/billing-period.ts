import { addIntervals } from '../../catalogue/billing-interval.js';
import { aheadOf, horizonOf, type LeadTime } from '../../catalogue/lead-time.js';
import type { PlanAttributes } from '../../catalogue/plan.js';
import type { Uuid } from '../../shared/uuid.js';
import { closesAt, isPendingAt, type Subscription, startOf } from '../../subscriptions/subscription.js';
import type { InvoiceProration } from '../invoices/invoice.js';
import { type PauseGap, pausedThroughout } from './pause-gaps.js';

/** The stretch of time one invoice covers: from `start` up to, not including, `end`. */
export interface BillingPeriod {
  readonly start: Date;
  readonly end: Date;
  /** The plan's trial: one period, invoiced at zero. */
  readonly trial: boolean;
}

/** What a billing run knows of a subscription's past besides the subscription itself. */
export interface BillingHistory {
  /** The period of its latest invoice (the one starting last), if it has any, and what it left the next invoice. */
  readonly lastInvoiced?: {
    readonly start: Date;
    readonly end: Date;
    /** The billing run that made it; absent for the invoice made with the subscription. */
    readonly jobId?: Uuid;
    readonly proration?: Pick<InvoiceProration, 'through' | 'creditCarried'>;
  };
  /** Every pause of its state history, not only the latest. */
  readonly pauses?: readonly PauseGap[];
}

/**
 * Whether a subscription is billed at `instant`: live (not pending), not canceled and not paused. A pause
 * or cancellation takes effect at the next run, which bills nothing (EPCC). A plan that closed by running
 * its length is not a cancellation: its periods that began before the close are still billed.
 */
export const isBillable = (subscription: Subscription, instant: Date): boolean =>
  !isPendingAt(subscription, instant) && !subscription.flags.canceled && !subscription.flags.paused;

/**
 * The index of the first period starting after `after`: periods are counted from the first one, not
 * chained, so an estimate from the first period's length is stepped to the exact index.
 */
const firstIndexAfter = (periodStart: (index: number) => Date, after: Date | undefined): number => {
  if (after === undefined) return 0;
  const first = periodStart(0).getTime();
  if (after.getTime() < first) return 0;
  const length = periodStart(1).getTime() - first;
  let index = Math.max(0, Math.floor((after.getTime() - first) / length) - 1);
  while (index > 0 && periodStart(index - 1).getTime() > after.getTime()) index -= 1;
  while (periodStart(index).getTime() <= after.getTime()) index += 1;
  return index;
};

/**
 * Where paid periods continue after the latest invoice: on the plan's grid (counted from the
 * subscription's `billingAnchor`, anchor + n periods, never from the previous clamped boundary) when the
 * latest invoice ended on it, so month ends keep clamping without drifting (31 January, 28/29 February,
 * 31 March); counted from that end otherwise (the plan changed since), so that no time is billed twice
 * and none is left out.
 */
const continuation = (
  paidFrom: Date,
  plan: PlanAttributes,
  billedThrough: Date | undefined,
): { periodStart: (index: number) => Date; index: number } => {
  const onGrid =
    (from: Date) =>
    (index: number): Date =>
      addIntervals(from, plan.billing_interval_type, plan.billing_frequency * index);
  if (billedThrough === undefined || billedThrough.getTime() <= paidFrom.getTime())
    return { periodStart: onGrid(paidFrom), index: 0 };
  const grid = onGrid(paidFrom);
  const index = firstIndexAfter(grid, new Date(billedThrough.getTime() - 1));
  return grid(index).getTime() === billedThrough.getTime()
    ? { periodStart: grid, index }
    : { periodStart: onGrid(billedThrough), index: 0 };
};

/**
 * The billing periods of a subscription that have begun by `instant` and are not yet invoiced, oldest
 * first, at most `limit` of them; with `startingBy` after `instant`, also those starting by then (a lead
 * time's run invoices a period ahead of its start). The trial, when the plan has one, is one period from the start to the
 * `billingAnchor`; paid periods of `billing_frequency` × `billing_interval_type` follow back to back from
 * where the latest invoice ended (see `continuation`). A plan that closes has no period starting at or
 * after `closesAt`, and its last period ends there. Periods that began in a pause and ended before the
 * resume, and periods that ended by the subscription's `billableFrom`, are never billed.
 */
export const billingPeriodsUpTo = (
  subscription: Subscription,
  plan: PlanAttributes,
  instant: Date,
  history: BillingHistory = {},
  limit = Number.POSITIVE_INFINITY,
  startingBy: Date = instant,
): readonly BillingPeriod[] => {
  if (!isBillable(subscription, instant)) return [];
  const start = startOf(subscription);
  const paidFrom = subscription.billingAnchor;
  const billedThrough = history.lastInvoiced?.end;
  const { billableFrom } = subscription;
  const pauses = history.pauses ?? [];
  const closes = closesAt(subscription, plan);
  const endOf = (end: Date): Date => (closes !== undefined && end.getTime() > closes.getTime() ? closes : end);
  const due = (at: Date): boolean =>
    at.getTime() <= startingBy.getTime() && (closes === undefined || at.getTime() < closes.getTime());
  const wanted = (period: BillingPeriod): boolean =>
    (billedThrough === undefined || period.start.getTime() >= billedThrough.getTime()) &&
    (billableFrom === undefined || period.end.getTime() > billableFrom.getTime()) &&
    !pausedThroughout(pauses, period);
  const periods: BillingPeriod[] = [];

  if ((plan.trial_period ?? 0) > 0 && paidFrom.getTime() > start.getTime() && due(start)) {
    const trial = { start, end: endOf(paidFrom), trial: true };
    if (wanted(trial)) periods.push(trial);
  }
  const { periodStart, index: first } = continuation(paidFrom, plan, billedThrough);
  // Periods ending by `billableFrom` are skipped in one step, not walked: they may be years of days.
  const from = billableFrom === undefined ? first : Math.max(first, firstIndexAfter(periodStart, billableFrom) - 1);
  for (let index = from; periods.length < limit; index += 1) {
    const at = periodStart(index);
    if (!due(at)) break;
    const period = { start: at, end: endOf(periodStart(index + 1)), trial: false };
    if (wanted(period)) periods.push(period);
  }
  return periods;
};

/**
 * Whether a billing run at `instant` is due for the subscription: it is live and the run's time is at or
 * after its `invoice_after` (EPCC: "The next invoice will be generated at the next billing run after this
 * point"). With a lead time (EPCC 2026-10 `lead_time`) a run is due for the next invoice that long before
 * `invoice_after`, and the invoice it makes is pro forma until its period starts (`invoices/pro-forma.ts`).
 */
export const isDueAt = (subscription: Subscription, instant: Date, lead?: LeadTime): boolean =>
  !isPendingAt(subscription, instant) && aheadOf(subscription.invoiceAfter, lead).getTime() <= instant.getTime();

/** What one billing run does to one subscription: at most one period to invoice, and whether it turns `inactive`. */
export interface RunOutcome {
  readonly period?: BillingPeriod;
  readonly turnsInactive: boolean;
}

const NOTHING: RunOutcome = { turnsInactive: false };

/**
 * What a billing run at `instant` makes of a subscription. Not due: nothing. Due and paused or canceled:
 * no invoice, and `inactive` (EPCC: "When the next billing run is due, the billing run checks the
 * subscription state. If the subscription state is paused or cancelled then no invoice is created and the
 * subscription status is updated to `inactive`"). Due otherwise: one invoice, for the oldest period not
 * invoiced yet (EPCC: "billing runs generate one invoice per subscription, if a `go_live_date` is set far
 * in the past, multiple invoices could be generated over the course of several billing runs"), so a
 * subscription several periods behind catches up one period per run; after a resume that is the period
 * in which it resumed (EPCC: "If the `paused` or `cancelled` is set to `false` then the billing run
 * creates an invoice"). Due with nothing left because its closing plan has run out: no invoice, and
 * `inactive`, as for a cancellation (EPCC is silent; Stripe ends such a schedule's subscription). The plan's
 * `lead_time` brings the invoicing forward only: a pause, a cancellation or a closed plan still turns the
 * subscription `inactive` at `invoice_after`, not ahead of it.
 */
export const billingRunOutcome = (
  subscription: Subscription,
  plan: PlanAttributes,
  instant: Date,
  history: BillingHistory = {},
): RunOutcome => {
  const lead = plan.lead_time;
  if (!isDueAt(subscription, instant, lead)) return NOTHING;
  const turnsInactive = subscription.inactive !== true && isDueAt(subscription, instant);
  if (subscription.flags.paused || subscription.flags.canceled) return turnsInactive ? { turnsInactive } : NOTHING;
  const [period] = billingPeriodsUpTo(subscription, plan, instant, history, 1, horizonOf(instant, lead));
  if (period !== undefined) return { period, turnsInactive: false };
  const closes = closesAt(subscription, plan);
  return turnsInactive && closes !== undefined && closes.getTime() <= instant.getTime() ? { turnsInactive } : NOTHING;
};
