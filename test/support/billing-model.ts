/**
 * A plainly written model of how a store bills its subscriptions over time, kept apart from the service's
 * own code so that the two can be compared: periods from the start (calendar months clamped to month
 * ends, days, weeks), a trial as one zero invoice, the first period invoiced at creation, billing runs
 * that catch up every due period, pauses (a period paused from its start to its end is free; the one a
 * resume falls in is not), cancels ending when what was invoiced runs out, EPCC's stored status, and
 * invoice numbers given in the order invoices are made: a run takes subscriptions in the order they were
 * made, those made in the same millisecond by id.
 */

export type Unit = 'day' | 'week' | 'month';

export interface ModelPlan {
  readonly unit: Unit;
  readonly every: number;
  /** Trial length in `unit`s; 0 for none. */
  readonly trial: number;
  readonly price: number;
}

export interface ModelInvoice {
  readonly number: number;
  readonly start: number;
  readonly end: number;
  readonly amount: number;
}

interface Gap {
  readonly from: number;
  until?: number;
}

export interface ModelSubscription {
  readonly key: number;
  /** The service's id, which orders subscriptions made in the same millisecond. */
  readonly id: string;
  readonly createdAt: number;
  readonly plan: ModelPlan;
  paused: boolean;
  canceled: boolean;
  endDate?: number;
  inactive: boolean;
  readonly gaps: Gap[];
  readonly invoices: ModelInvoice[];
}

const DAY = 86_400_000;

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** `at` moved by `count` units; months keep the day of month, or the month's last day when it has fewer. */
export const plus = (at: number, unit: Unit, count: number): number => {
  if (unit === 'day') return at + count * DAY;
  if (unit === 'week') return at + count * 7 * DAY;
  const date = new Date(at);
  const months = date.getUTCMonth() + count;
  const year = date.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const day = Math.min(date.getUTCDate(), daysIn(year, month));
  return Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
};

export class BillingModel {
  readonly subscriptions: ModelSubscription[] = [];
  private lastNumber = 0;

  /** Paid period `index` of a subscription: counted from the end of its trial, never chained. */
  private paidStart(s: ModelSubscription, index: number): number {
    return plus(plus(s.createdAt, s.plan.unit, s.plan.trial), s.plan.unit, s.plan.every * index);
  }

  /** Every period of the subscription in order: the trial first when it has one. */
  private *periods(s: ModelSubscription): Generator<{ start: number; end: number; amount: number }> {
    if (s.plan.trial > 0) yield { start: s.createdAt, end: plus(s.createdAt, s.plan.unit, s.plan.trial), amount: 0 };
    for (let index = 0; ; index += 1) yield { start: this.paidStart(s, index), end: this.paidStart(s, index + 1), amount: s.plan.price };
  }

  private invoice(s: ModelSubscription, period: { start: number; end: number; amount: number }): void {
    this.lastNumber += 1;
    s.invoices.push({ number: this.lastNumber, ...period });
  }

  private invoicedThrough(s: ModelSubscription): number | undefined {
    return s.invoices.length === 0 ? undefined : s.invoices[s.invoices.length - 1]!.end;
  }

  private pausedThroughout(s: ModelSubscription, period: { start: number; end: number }): boolean {
    return s.gaps.some((gap) => period.start >= gap.from && (gap.until === undefined || gap.until >= period.end));
  }

  /** The periods a run at `at` would bill, were the subscription neither paused nor canceled. */
  private due(s: ModelSubscription, at: number, ignoringPauses: boolean): { start: number; end: number; amount: number }[] {
    const through = this.invoicedThrough(s) ?? Number.NEGATIVE_INFINITY;
    const found = [];
    for (const period of this.periods(s)) {
      if (period.start > at) break;
      if (period.start < through) continue;
      if (!ignoringPauses && this.pausedThroughout(s, period)) continue;
      found.push(period);
    }
    return found;
  }

  create(key: number, id: string, createdAt: number, plan: ModelPlan): void {
    const s: ModelSubscription = { key, id, createdAt, plan, paused: false, canceled: false, inactive: false, gaps: [], invoices: [] };
    this.subscriptions.push(s);
    const [first] = this.due(s, createdAt, false);
    if (first !== undefined) this.invoice(s, first);
  }

  run(at: number): void {
    const inCreationOrder = [...this.subscriptions].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const s of inCreationOrder) {
      if (s.paused || s.canceled) {
        if (!s.inactive && this.due(s, at, true).length > 0) s.inactive = true;
        continue;
      }
      for (const period of this.due(s, at, false)) this.invoice(s, period);
    }
  }

  /** Whether the action applies now, as the service decides it; applies it if so. */
  act(s: ModelSubscription, action: 'pause' | 'resume' | 'cancel', at: number): boolean {
    if (s.canceled) return false;
    if (action === 'pause') {
      if (s.paused) return false;
      s.paused = true;
      s.gaps.push({ from: at });
    } else if (action === 'resume') {
      if (!s.paused) return false;
      s.paused = false;
      s.gaps[s.gaps.length - 1]!.until = at;
    } else {
      const through = this.invoicedThrough(s);
      s.canceled = true;
      s.paused = false;
      s.endDate = through !== undefined && through > at ? through : at;
    }
    return true;
  }

  status(s: ModelSubscription, at: number): 'active' | 'inactive' {
    const closed = s.canceled && s.endDate !== undefined && s.endDate <= at;
    return closed || s.inactive ? 'inactive' : 'active';
  }
}
