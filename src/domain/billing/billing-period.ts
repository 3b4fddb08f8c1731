import { addIntervals } from '../subscription/billing.js';
import type { PlanAttributes } from '../subscription/plan.js';
import { standingAt, startOf, type Subscription } from '../subscription/subscription.js';

/** The stretch of time one invoice covers: from `start` up to, not including, `end`. */
export interface BillingPeriod {
  readonly start: Date;
  readonly end: Date;
  /** The plan's trial: one period, invoiced at zero. */
  readonly trial: boolean;
}

/**
 * Whether a subscription is billed at `instant`: live (not pending), not canceled, not paused and not
 * closed. A pause or cancellation takes effect at the next run, which bills nothing.
 */
export const isBillable = (subscription: Subscription, plan: PlanAttributes, instant: Date): boolean => {
  const standing = standingAt(subscription, plan, instant);
  return !standing.pending && !standing.closed && !subscription.flags.canceled && !subscription.flags.paused;
};

/** Periods that began while the subscription was paused are never billed, even after it resumed. */
const inPauseGap = (subscription: Subscription, start: Date): boolean => {
  const { pausedAt, resumedAt } = subscription.timestamps;
  if (pausedAt === undefined || resumedAt === undefined || resumedAt.getTime() <= pausedAt.getTime()) return false;
  return start.getTime() >= pausedAt.getTime() && start.getTime() < resumedAt.getTime();
};

/**
 * The index of the first paid period starting after `after`: periods are counted from the first one, not
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
 * The billing periods of a subscription due by `instant` (a period is due once it has begun), oldest
 * first, after the period starting at `after` when one is given (the latest already invoiced). The trial,
 * when the plan has one, is one period from the start to `invoiceAfter`; paid periods of
 * `billing_frequency` × `billing_interval_type` follow back to back, each counted from `invoiceAfter` so
 * that month ends clamp without drifting. A plan that closes has no period starting at or after its
 * `plan_length` intervals from the start, and its last period ends there.
 */
export const billingPeriodsUpTo = (subscription: Subscription, plan: PlanAttributes, instant: Date, after?: Date): readonly BillingPeriod[] => {
  if (!isBillable(subscription, plan, instant)) return [];
  const start = startOf(subscription);
  const paidFrom = subscription.invoiceAfter;
  const closesAt = plan.end_behavior === 'close' ? addIntervals(start, plan.billing_interval_type, plan.plan_length) : undefined;
  const endOf = (end: Date): Date => (closesAt !== undefined && end.getTime() > closesAt.getTime() ? closesAt : end);
  const due = (at: Date): boolean => at.getTime() <= instant.getTime() && (closesAt === undefined || at.getTime() < closesAt.getTime());
  const periods: BillingPeriod[] = [];
  const wanted = (at: Date): boolean => (after === undefined || at.getTime() > after.getTime()) && !inPauseGap(subscription, at);

  if ((plan.trial_period ?? 0) > 0 && paidFrom.getTime() > start.getTime() && due(start) && wanted(start)) {
    periods.push({ start, end: endOf(paidFrom), trial: true });
  }
  const step = plan.billing_frequency;
  const periodStart = (index: number): Date => addIntervals(paidFrom, plan.billing_interval_type, step * index);
  for (let index = firstIndexAfter(periodStart, after); ; index += 1) {
    const at = periodStart(index);
    if (!due(at)) break;
    if (wanted(at)) periods.push({ start: at, end: endOf(periodStart(index + 1)), trial: false });
  }
  return periods;
};
