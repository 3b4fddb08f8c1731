import type { BillingIntervalType } from './plan.js';

const DAY_MS = 86_400_000;

const addMonths = (date: Date, months: number): Date => {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
  return target;
};

/** `count` intervals after `date`, in UTC; a month later than 31 January is the last day of February. */
export const addIntervals = (date: Date, type: BillingIntervalType, count: number): Date => {
  switch (type) {
    case 'day':
      return new Date(date.getTime() + count * DAY_MS);
    case 'week':
      return new Date(date.getTime() + count * 7 * DAY_MS);
    case 'month':
      return addMonths(date, count);
    case 'year':
      return addMonths(date, count * 12);
  }
};

export interface BillingCycle {
  readonly billing_interval_type: BillingIntervalType;
  readonly billing_frequency: number;
}

/** The end of the billing period that `now` falls in; periods run back to back from `start`. */
export const endOfCurrentPeriod = (start: Date, cycle: BillingCycle, now: Date): Date => {
  const after = (periods: number): Date => addIntervals(start, cycle.billing_interval_type, cycle.billing_frequency * periods);
  // Months have no fixed length, so start from an estimate and step to the exact period.
  const firstLength = after(1).getTime() - start.getTime();
  let periods = Math.max(1, Math.floor((now.getTime() - start.getTime()) / firstLength));
  while (periods > 1 && after(periods - 1).getTime() > now.getTime()) periods -= 1;
  while (after(periods).getTime() <= now.getTime()) periods += 1;
  return after(periods);
};
