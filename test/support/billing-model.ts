/**
 * A plainly written model of how a store bills its subscriptions over time, kept apart from the service's
 * own code so that the two can be compared: periods from the start (calendar months clamped to month
 * ends, days, weeks), a trial as one zero invoice, the first period invoiced at creation, billing runs
 * that catch up every due period, pauses (a period paused from its start to its end is free; the one a
 * resume falls in is not), cancels ending when what was invoiced runs out, EPCC's stored status, plan
 * switches (periods go on from the end of the latest invoice, at the new plan's length and price) prorated
 * by day under a policy, payment runs whose attempts all fail (no gateway is configured) retried by the
 * store's dunning rule until its limit, then its action (a suspended subscription is not billed), and
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
  /** How many plan switches it charged. */
  readonly prorations: number;
  /** Failed payment attempts, and whether they spent the retries. */
  failed: number;
  spent: boolean;
  last?: number;
}

/** The store's dunning rule (EPCC's default without one: daily, 10 retries, then nothing). */
export interface ModelDunning {
  readonly type: 'fixed' | 'backoff' | 'tiered';
  readonly days: number;
  readonly multiplier: number;
  readonly limit: number;
  readonly action: 'none' | 'pause' | 'suspend' | 'close';
}

export const DEFAULT_DUNNING: ModelDunning = { type: 'fixed', days: 1, multiplier: 1, limit: 10, action: 'none' };

export type Rounding = 'up' | 'down' | 'nearest';

/** One plan switch's proration, waiting for the next invoice: what it adds to it (may be below zero). */
interface Proration {
  readonly charge: number;
  readonly refund: number;
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
  /** Where paid periods count from: the end of the first plan's trial; a switch keeps it. */
  readonly invoiceAfter: number;
  plan: ModelPlan;
  paused: boolean;
  suspended: boolean;
  canceled: boolean;
  endDate?: number;
  inactive: boolean;
  readonly gaps: Gap[];
  readonly invoices: ModelInvoice[];
  readonly waiting: Proration[];
  credit: number;
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
  return Date.UTC(
    year,
    month,
    day,
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
};

const roundDays = (ms: number, rounding: Rounding): number =>
  rounding === 'up' ? Math.ceil(ms / DAY) : rounding === 'down' ? Math.floor(ms / DAY) : Math.round(ms / DAY);

/** `price` × `days` / `of`, rounded down to the penny, in integers. */
const share = (price: number, days: number, of: number): number => Number((BigInt(price) * BigInt(days)) / BigInt(of));

export class BillingModel {
  readonly subscriptions: ModelSubscription[] = [];
  private lastNumber = 0;

  /** With a proration policy rounding days this way, or none (no proration), and this dunning rule. */
  constructor(
    private readonly rounding?: Rounding,
    private readonly dunning: ModelDunning = DEFAULT_DUNNING,
  ) {}

  /**
   * The periods after `through` (the end of the latest invoice) at the current plan: on the grid of that
   * plan counted from `invoiceAfter` when `through` lies on it, else counted from `through`. Before any
   * invoice: the trial, then the grid from `invoiceAfter`.
   */
  private *periods(s: ModelSubscription): Generator<{ start: number; end: number; amount: number }> {
    const { unit, every, price } = s.plan;
    const through = this.invoicedThrough(s);
    let from = s.invoiceAfter;
    let index = 0;
    if (through === undefined) {
      if (s.invoiceAfter > s.createdAt) yield { start: s.createdAt, end: s.invoiceAfter, amount: 0 };
    } else if (through > s.invoiceAfter) {
      while (plus(s.invoiceAfter, unit, every * index) < through) index += 1;
      if (plus(s.invoiceAfter, unit, every * index) !== through) [from, index] = [through, 0];
    }
    for (; ; index += 1)
      yield { start: plus(from, unit, every * index), end: plus(from, unit, every * (index + 1)), amount: price };
  }

  private invoice(s: ModelSubscription, period: { start: number; end: number; amount: number }): void {
    this.lastNumber += 1;
    const charged = s.waiting.splice(0);
    const total = period.amount + charged.reduce((sum, p) => sum + p.charge - p.refund, 0) - s.credit;
    s.credit = total < 0 ? -total : 0;
    s.invoices.push({
      number: this.lastNumber,
      start: period.start,
      end: period.end,
      amount: Math.max(0, total),
      prorations: charged.length,
      failed: 0,
      spent: false,
    });
  }

  private invoicedThrough(s: ModelSubscription): number | undefined {
    return s.invoices.length === 0 ? undefined : s.invoices[s.invoices.length - 1]!.end;
  }

  private pausedThroughout(s: ModelSubscription, period: { start: number; end: number }): boolean {
    return s.gaps.some((gap) => period.start >= gap.from && (gap.until === undefined || gap.until >= period.end));
  }

  /** The periods a run at `at` would bill, were the subscription neither paused nor canceled. */
  private due(
    s: ModelSubscription,
    at: number,
    ignoringPauses: boolean,
  ): { start: number; end: number; amount: number }[] {
    const found = [];
    for (const period of this.periods(s)) {
      if (period.start > at) break;
      if (!ignoringPauses && this.pausedThroughout(s, period)) continue;
      found.push(period);
    }
    return found;
  }

  create(key: number, id: string, createdAt: number, plan: ModelPlan): void {
    const invoiceAfter = plus(createdAt, plan.unit, plan.trial);
    const s: ModelSubscription = {
      key,
      id,
      createdAt,
      invoiceAfter,
      plan,
      paused: false,
      suspended: false,
      canceled: false,
      inactive: false,
      gaps: [],
      invoices: [],
      waiting: [],
      credit: 0,
    };
    this.subscriptions.push(s);
    const [first] = this.due(s, createdAt, false);
    if (first !== undefined) this.invoice(s, first);
  }

  run(at: number): void {
    const inCreationOrder = [...this.subscriptions].sort(
      (a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    for (const s of inCreationOrder) {
      if (s.suspended) continue;
      if (s.paused || s.canceled) {
        if (!s.inactive && this.due(s, at, true).length > 0) s.inactive = true;
        continue;
      }
      // One at a time: each invoice moves where the next period starts.
      for (let [period] = this.due(s, at, false); period !== undefined; [period] = this.due(s, at, false))
        this.invoice(s, period);
    }
  }

  /**
   * A switch to `plan` at `at`, as the service decides it (refused once canceled, unless to the plan it has). Inside the latest
   * invoice's period, unless that is the trial, the days left are refunded at the old plan's price and
   * charged at the new one's, each plan's day being its price over one of its periods from that
   * period's start.
   */
  switchPlan(s: ModelSubscription, plan: ModelPlan, at: number): boolean {
    if (plan === s.plan) return true;
    if (s.canceled) return false;
    const latest = s.invoices[s.invoices.length - 1];
    if (
      this.rounding !== undefined &&
      latest !== undefined &&
      latest.start <= at &&
      at < latest.end &&
      latest.end > s.invoiceAfter
    ) {
      const days = roundDays(latest.end - at, this.rounding);
      const length = (p: ModelPlan) => (plus(latest.start, p.unit, p.every) - latest.start) / DAY;
      if (days > 0)
        s.waiting.push({
          refund: share(s.plan.price, days, length(s.plan)),
          charge: share(plan.price, days, length(plan)),
        });
    }
    s.plan = plan;
    return true;
  }

  /** Days to wait before retry `n` after the attempt before it. */
  private wait(n: number): number {
    const { type, days, multiplier } = this.dunning;
    const steps = type === 'fixed' ? 0 : type === 'backoff' ? n - 1 : Math.floor((n - 1) / 3);
    return days * multiplier ** steps;
  }

  /**
   * A payment run at `at`: every invoice with something to pay whose retries are not spent is attempted
   * when due (at once the first time, then the rule's wait after the last attempt), and fails; the attempt
   * after `limit` retries spends them, and the rule's action applies to the subscription.
   */
  pay(at: number): void {
    for (const s of this.subscriptions) {
      for (const invoice of s.invoices) {
        if (invoice.amount === 0 || invoice.spent) continue;
        const due =
          invoice.failed === 0 ||
          invoice.failed > this.dunning.limit ||
          invoice.last! + this.wait(invoice.failed) * DAY <= at;
        if (!due) continue;
        invoice.failed += 1;
        invoice.last = at;
        if (invoice.failed <= this.dunning.limit) continue;
        invoice.spent = true;
        if (this.dunning.action === 'pause' && !s.paused) {
          s.paused = true;
          s.gaps.push({ from: at });
        } else if (this.dunning.action === 'suspend') {
          s.suspended = true;
        } else if (this.dunning.action === 'close' && !s.canceled) {
          s.canceled = true;
          s.paused = false;
          s.endDate = at;
        }
      }
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
