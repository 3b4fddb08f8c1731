/** The units a plan's periods are counted in. */
export const BILLING_INTERVAL_TYPES = ['day', 'week', 'month', 'year'] as const;
export type BillingIntervalType = (typeof BILLING_INTERVAL_TYPES)[number];

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
