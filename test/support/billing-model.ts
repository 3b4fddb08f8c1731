/**
 * A plainly written model of how a store bills its subscriptions over time, written from EPCC's
 * subscriptions document (test/support/epcc/subscriptions-openapi.json) and /work/shared/CONTRACT.md §9, not
 * from the service's code, so that the two can be compared. Each rule quotes the sentence it implements;
 * where EPCC is silent it says whose reading it follows (the team's, written in docs/billing.md, or
 * Stripe's documented behaviour). Nothing here is imported from src/: it is a second opinion.
 *
 * `ModelRules` switches four rules back to the readings the service had before issue "the four billing
 * rules", so that a test can show the random timelines catch each of them.
 */

/** A state change a timeline asks for; `cancel now` is a cancel with EPCC 2026's `cancel_immediately`. */
export type ModelAction = 'pause' | 'resume' | 'cancel' | 'cancel now';

export type Unit = 'day' | 'week' | 'month' | 'year';

/** EPCC 2026-10's `lead_time` of a pricing option: "generate an invoice ahead of time in a pro-forma state". */
export interface ModelLead {
  readonly unit: 'day' | 'week';
  readonly time: number;
}

export interface ModelPlan {
  readonly unit: Unit;
  readonly every: number;
  /** Trial length in `unit`s; 0 for none. */
  readonly trial: number;
  readonly price: number;
  readonly lead?: ModelLead;
}

/** The old readings, each a mutation of one of EPCC's rules; all off is EPCC's text. */
export interface ModelRules {
  /** A billing run invoices every period that is due, not one per subscription. */
  readonly catchUpAllPeriods: boolean;
  /** A canceled subscription reads `inactive` once its end date has passed, without a billing run. */
  readonly inactiveOnceCanceledEnds: boolean;
  /** `meta.invoice_after` stays where the first paid period starts and never moves. */
  readonly invoiceAfterFixed: boolean;
  /** A period's days for proration are counted from its start to its start plus one interval, not to its end. */
  readonly daysFromStartPlusOneInterval: boolean;
}

export const EPCC_RULES: ModelRules = {
  catchUpAllPeriods: false,
  inactiveOnceCanceledEnds: false,
  invoiceAfterFixed: false,
  daysFromStartPlusOneInterval: false,
};

export const OLD_READINGS = Object.keys(EPCC_RULES) as readonly (keyof ModelRules)[];

export interface ModelInvoice {
  readonly number: number;
  readonly start: number;
  readonly end: number;
  readonly amount: number;
  /** How many plan switches it charged. */
  readonly prorations: number;
  /** Made ahead of its period: its start, before which it is pro forma and not paid. */
  readonly validFrom?: number;
  /** Failed payment attempts, and whether they spent the retries. */
  failed: number;
  spent: boolean;
  last?: number;
  /**
   * A gateway's answer to its latest attempt was lost: the attempt waits, pending, for the next payment run to
   * ask again under the same key; `taken` when the gateway had charged before the answer was lost.
   */
  unanswered?: 'taken' | 'not taken';
  /** A manual payment of it waits for the merchant; it was taken; what refunds gave back of it. */
  pending: boolean;
  paid: boolean;
  refunded: number;
}

/** The store's dunning rule (EPCC's default without one: daily, 10 retries, then nothing). */
export interface ModelDunning {
  readonly type: 'fixed' | 'backoff' | 'tiered';
  readonly days: number;
  readonly multiplier: number;
  readonly limit: number;
  readonly action: 'none' | 'pause' | 'suspend' | 'close';
}

/**
 * What a payment gateway does with one attempt, as a timeline chooses it: takes the money; declines the card;
 * asks for 3-D Secure, which a payment run cannot give (the subscriber is not there), so the attempt fails;
 * takes the money and its answer is lost; or its answer is lost before it charged anything. A lost answer is
 * Stripe's timeout or dropped connection: the service cannot tell which of the two happened.
 */
export type GatewayChoice = 'succeeds' | 'declined' | '3-D Secure' | 'lost after the charge' | 'lost before the charge';

/** What the gateway does for the invoice numbered `number` in a payment run choosing `choices`: none declines every attempt. */
export const choiceFor = (choices: readonly GatewayChoice[], number: number): GatewayChoice =>
  choices.length === 0 ? 'declined' : choices[number % choices.length]!;

export const DEFAULT_DUNNING: ModelDunning = { type: 'fixed', days: 1, multiplier: 1, limit: 10, action: 'none' };

export type Rounding = 'up' | 'down' | 'nearest';

/** One plan switch's proration: what it refunds of the old plan and charges of the new one. */
export interface ModelProration {
  readonly refund: number;
  readonly charge: number;
}

interface Period {
  readonly start: number;
  readonly end: number;
  readonly amount: number;
  readonly trial: boolean;
}

/**
 * A price a `subscription-update` job gave the subscription's plan: it prices the periods starting from
 * `from` on, until a plan switch or cancel (`until`).
 */
interface PriceChange {
  /** The plan it prices (EPCC names the pricing option): it prices no other. */
  readonly plan: ModelPlan;
  readonly price: number;
  readonly from: number;
  until?: number;
}

interface Gap {
  readonly from: number;
  until?: number;
}

export interface ModelSubscription {
  readonly key: number;
  /** It takes manual payments: each attempt waits for the merchant to settle it. */
  readonly manual: boolean;
  /** The service's id, which orders subscriptions made in the same millisecond. */
  readonly id: string;
  readonly createdAt: number;
  /** Where its first period starts: going live (`go_live_after`), else creation. */
  readonly start: number;
  /** Where its first paid period starts: `start` after the first plan's trial. */
  readonly paidFrom: number;
  /** Where its paid periods are counted from (a plan switch that leaves their grid moves it). */
  anchor: number;
  /** The start of the oldest period not invoiced yet: EPCC's `invoice_after`. */
  next: number;
  plan: ModelPlan;
  paused: boolean;
  suspended: boolean;
  canceled: boolean;
  canceledAt?: number;
  /** Canceled by dunning's `close`, not by the merchant: what a resume may reopen. */
  closedByDunning?: boolean;
  endDate?: number;
  inactive: boolean;
  readonly gaps: Gap[];
  /** Periods ending by then are never billed: set when a payment lifts a dunning suspension. */
  billableFrom?: number;
  readonly invoices: (ModelInvoice & {
    readonly plan: ModelPlan;
    readonly trial: boolean;
    readonly price: number;
    /** What the subscription's prorations and credit stood at before it: a withdrawn invoice gives them back. */
    readonly before: { readonly charged: number; readonly credit: number };
  })[];
  readonly prices: PriceChange[];
  readonly prorations: ModelProration[];
  /** The latest prorated switch: the end of the period it prorated, what it charged, over how many days. */
  lastSwitch?: { readonly until: number; readonly charge: number; readonly days: number };
  /** How many of `prorations` an invoice has charged. */
  charged: number;
  credit: number;
}

const DAY = 86_400_000;

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** `at` moved by `count` units; months and years keep the day of month, or the month's last day when it has fewer. */
export const plus = (at: number, unit: Unit, count: number): number => {
  if (unit === 'day') return at + count * DAY;
  if (unit === 'week') return at + count * 7 * DAY;
  const date = new Date(at);
  const months = date.getUTCMonth() + (unit === 'year' ? 12 * count : count);
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

/** `price` × `days` / `of`, rounded down to the penny (EPCC: "Subscriptions always rounds down to the penny"). */
const share = (price: number, days: number, of: number): number => Number((BigInt(price) * BigInt(days)) / BigInt(of));

const sameLength = (a: ModelPlan, b: ModelPlan): boolean => a.unit === b.unit && a.every === b.every;

/** An invoice still owed after a failed payment: it keeps a suspension, and a dunning close, in force. */
export const unpaidAfterFailure = (invoice: ModelInvoice): boolean =>
  invoice.amount > 0 && !invoice.paid && invoice.failed > 0;

export class BillingModel {
  readonly subscriptions: ModelSubscription[] = [];
  /** What gateways took, in all: every amount charged once, whether its answer came back or not. */
  collected = 0;
  private lastNumber = 0;
  private readonly rules: ModelRules;

  /** With a proration policy rounding days this way, or none (no proration), a dunning rule, and EPCC's rules unless told. */
  constructor(
    private readonly rounding?: Rounding,
    private readonly dunning: ModelDunning = DEFAULT_DUNNING,
    rules: Partial<ModelRules> = {},
  ) {
    this.rules = { ...EPCC_RULES, ...rules };
  }

  /**
   * The oldest period not invoiced yet, starting at `next`. The trial first (EPCC: "an immediate invoice is
   * still created, but for a price of zero"). Paid periods are anchor + n × (every × unit), clamped to month
   * ends and never chained from a clamped boundary (the team's reading: 31 Jan, 28 Feb, 31 Mar, 30 Apr).
   * After a plan switch periods go on from the end of the latest invoice at the new plan's length (today's
   * behaviour, EPCC being silent): on the grid of the first paid period when that end lies on it, else on
   * the grid of the latest anchor, else that end becomes the anchor.
   */
  private nextPeriod(s: ModelSubscription): Period {
    if (s.next < s.paidFrom) return { start: s.next, end: s.paidFrom, amount: 0, trial: true };
    const { unit, every } = s.plan;
    const price = this.priceAt(s, s.next);
    const indexOn = (anchor: number): number | undefined => {
      let index = 0;
      while (plus(anchor, unit, every * index) < s.next) index += 1;
      return plus(anchor, unit, every * index) === s.next ? index : undefined;
    };
    let index = indexOn(s.paidFrom);
    if (index !== undefined) s.anchor = s.paidFrom;
    else index = indexOn(s.anchor);
    if (index === undefined) [s.anchor, index] = [s.next, 0];
    return { start: s.next, end: plus(s.anchor, unit, every * (index + 1)), amount: price, trial: false };
  }

  /** What the plan costs for a period starting at `start`: the latest price change in force then, else the plan's price. */
  private priceAt(s: ModelSubscription, start: number): number {
    const inForce = s.prices.filter(
      (p) => p.plan === s.plan && p.from <= start && (p.until === undefined || start < p.until),
    );
    return inForce[inForce.length - 1]?.price ?? s.plan.price;
  }

  /** The price change no period has been invoiced at yet: none invoiced from its start on. */
  pendingPrice(s: ModelSubscription): PriceChange | undefined {
    return s.prices.find((p) => p.until === undefined && s.next <= p.from);
  }

  /**
   * EPCC 2026's `subscription-update` job with `price_changes` for the subscription's plan at `at`: "applied at
   * the subscription's next period". The team's readings (docs/billing.md): the next period starts where
   * the invoiced one ends, or at `at` when billing runs are behind (a period that had begun keeps its
   * price); a change still pending is replaced, as a later Stripe schedule update replaces the phase it
   * names; a canceled subscription has no next period, so it is refused.
   */
  changePrice(s: ModelSubscription, price: number, at: number): boolean {
    if (s.canceled) return false;
    const pending = this.pendingPrice(s);
    if (pending !== undefined) s.prices.splice(s.prices.indexOf(pending), 1);
    s.prices.push({ plan: s.plan, price, from: Math.max(s.next, at) });
    return true;
  }

  /** A plan switch or cancel at `at` is a new agreement (Stripe: a price set by a schedule ends with it): price changes end. */
  private endPrices(s: ModelSubscription, at: number): void {
    const pending = this.pendingPrice(s);
    if (pending !== undefined) s.prices.splice(s.prices.indexOf(pending), 1);
    for (const p of s.prices) p.until ??= at;
  }

  private invoice(s: ModelSubscription, period: Period, at: number): void {
    this.lastNumber += 1;
    const before = { charged: s.charged, credit: s.credit };
    const waiting = s.prorations.slice(s.charged);
    s.charged = s.prorations.length;
    // Where EPCC is silent, Stripe's customer balance: a refund larger than the invoice is carried as credit.
    const total = period.amount + waiting.reduce((sum, p) => sum + p.charge - p.refund, 0) - s.credit;
    s.credit = total < 0 ? -total : 0;
    s.invoices.push({
      number: this.lastNumber,
      start: period.start,
      end: period.end,
      amount: Math.max(0, total),
      prorations: waiting.length,
      // EPCC 2026-10, valid_from: "If generated with a lead time, then the valid_from will be the data at which
      // the Invoice transitions from it's Pro Forma state to one that can have payment taken".
      ...(period.start > at ? { validFrom: period.start } : {}),
      failed: 0,
      spent: false,
      pending: false,
      paid: false,
      refunded: 0,
      plan: s.plan,
      trial: period.trial,
      before,
      price: period.amount,
    });
    // EPCC, invoice_after: "The time when the subscription becomes eligible for a new invoice".
    s.next = period.end;
  }

  /** The team's reading, after Stripe: a period that began in a pause lasting to its end is not billed; the one a resume falls in is. */
  private pausedThroughout(s: ModelSubscription, period: Period): boolean {
    return s.gaps.some((gap) => period.start >= gap.from && (gap.until === undefined || gap.until >= period.end));
  }

  /**
   * The period a run at `at` bills: the oldest not invoiced, past those paused throughout and those that
   * ended while dunning suspended the subscription (the team's reading, docs/billing.md: what a suspended
   * subscriber could not use is not billed once it pays).
   */
  private billable(s: ModelSubscription, at: number): Period | undefined {
    const next = s.next;
    for (let period = this.nextPeriod(s); period.start <= at; period = this.nextPeriod(s)) {
      if (!this.pausedThroughout(s, period) && (s.billableFrom === undefined || period.end > s.billableFrom)) {
        s.next = next;
        return period;
      }
      s.next = period.end;
    }
    s.next = next;
    return undefined;
  }

  /**
   * EPCC's Subscriptions section: "The subscription starts from the `go_live_after` date", which "can be a
   * past date ... for backdating". Invoices section: "When a subscription is created, an invoice for the
   * first billing period is created"; a pending one's first period is invoiced by the first run once live.
   */
  create(
    key: number,
    id: string,
    createdAt: number,
    plan: ModelPlan,
    goLiveAfter?: number,
    manual = false,
  ): ModelSubscription {
    const start = goLiveAfter ?? createdAt;
    const paidFrom = plus(start, plan.unit, plan.trial);
    const s: ModelSubscription = {
      key,
      manual,
      id,
      createdAt,
      start,
      paidFrom,
      anchor: paidFrom,
      next: start,
      plan,
      paused: false,
      suspended: false,
      canceled: false,
      inactive: false,
      gaps: [],
      invoices: [],
      prorations: [],
      prices: [],
      charged: 0,
      credit: 0,
    };
    this.subscriptions.push(s);
    if (start <= createdAt) this.invoice(s, this.nextPeriod(s), createdAt);
    return s;
  }

  /** EPCC: "Once the `go_live_after` date is passed, the subscription becomes `active`"; one canceled before that never goes live. */
  live(s: ModelSubscription, at: number): boolean {
    return s.start <= at && (s.canceledAt === undefined || s.canceledAt >= s.start);
  }

  /**
   * A billing run at `at`, taking subscriptions in the order they were made (those made in the same
   * millisecond by id), each once. One is due when `at` is at or after its `invoice_after` (EPCC: "The next
   * invoice will be generated at the next billing run after this point").
   */
  run(at: number): void {
    const inCreationOrder = [...this.subscriptions].sort(
      (a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    for (const s of inCreationOrder) {
      // EPCC 2026-10's lead_time: "Configuration of the lead time to generate an invoice ahead of time": the
      // next period is invoiced that long before it starts, by the first run from then.
      const ahead = s.plan.lead === undefined ? at : plus(at, s.plan.lead.unit, s.plan.lead.time);
      // The team's reading of EPCC's dunning `suspend` ("a subscriber cannot renew their subscription"): not billed.
      if (s.suspended || s.next > ahead || s.start > at) continue;
      // EPCC's lifecycle, step 2: "When the next billing run is due, the billing run checks the subscription
      // state. If the subscription state is paused or cancelled then no invoice is created and the
      // subscription status is updated to `inactive`." Due at invoice_after, a lead time or not.
      if (s.paused || s.canceled) {
        if (s.next <= at) s.inactive = true;
        continue;
      }
      // EPCC, under go_live_after: "billing runs generate one invoice per subscription, if a go_live_date is
      // set far in the past, multiple invoices could be generated over the course of several billing runs".
      // Step 5, after a resume: "the billing run creates an invoice" (status waits for a payment, step 6).
      for (let period = this.billable(s, ahead); period !== undefined; period = this.billable(s, ahead)) {
        this.invoice(s, period, at);
        if (!this.rules.catchUpAllPeriods) break;
      }
    }
  }

  /**
   * A switch to `plan` at `at` (refused once canceled, the service's choice: EPCC is silent). EPCC's proration
   * policies: "charges only prorate by day"; with the offering's policy, a switch inside the latest
   * invoice's period (not its trial, which charged nothing) refunds the days left and charges them at the
   * new plan's price, the days rounded by the policy ("round up to the next unit ... round down ... round to
   * the nearest"). EPCC: proration "adjusts the charges to reflect the time spent on each plan"; as Stripe
   * credits "unused time on the previous price", the refund is what those days were charged: the invoiced
   * period's price (a price change's, if one priced it) pro rata, or, after an earlier switch in the same period, what that switch charged pro
   * rata over the days it covered, so that a switch there and back nets nothing. The team's reading: a day
   * is a price over the whole days between the invoiced period's two boundaries (28 Feb – 31 Mar: 31) for a
   * plan of the invoiced plan's length, over one of its own periods from the invoiced period's start for a
   * plan of another. The charge goes on the next invoice (EPCC: "an invoice is generated with the new price
   * on the next billing run and the difference in price is prorated over days").
   */
  switchPlan(s: ModelSubscription, plan: ModelPlan, at: number): boolean {
    this.withdraw(s, at);
    if (plan === s.plan) return true;
    if (s.canceled) return false;
    const latest = s.invoices[s.invoices.length - 1];
    if (this.rounding !== undefined && latest !== undefined && !latest.trial && latest.start <= at && at < latest.end) {
      const days = roundDays(latest.end - at, this.rounding);
      const daysOf = (p: ModelPlan): number =>
        sameLength(p, latest.plan) && !this.rules.daysFromStartPlusOneInterval
          ? (latest.end - latest.start) / DAY
          : (plus(latest.start, p.unit, p.every) - latest.start) / DAY;
      const earlier = s.lastSwitch?.until === latest.end ? s.lastSwitch : undefined;
      if (days > 0) {
        const charge = share(plan.price, days, daysOf(plan));
        s.prorations.push({
          refund:
            earlier === undefined
              ? share(latest.price, days, daysOf(latest.plan))
              : share(earlier.charge, Math.min(days, earlier.days), earlier.days),
          charge,
        });
        s.lastSwitch = { until: latest.end, charge, days };
      }
    }
    this.endPrices(s, at);
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
   * A payment run at `at`, invoices oldest first: every invoice with something to pay whose retries are not
   * spent is attempted when due (at once the first time, then the rule's wait after the last attempt), and
   * the gateway does what `choices` says for it (declines every attempt without). EPCC: "Once the number of
   * payment retries reaches the limit, the payment retries stop", then the rule's action applies.
   */
  pay(at: number, choices: readonly GatewayChoice[] = []): void {
    const oldestFirst = this.subscriptions
      .flatMap((s) => s.invoices.map((invoice) => ({ s, invoice })))
      .sort((a, b) => a.invoice.number - b.invoice.number);
    for (const { s, invoice } of oldestFirst) {
      // EPCC 2026-10, pro_forma: such invoices "will not be picked up by a payment run until on or after their valid_from date".
      if (invoice.amount === 0 || invoice.spent || invoice.paid || invoice.pending || (invoice.validFrom ?? at) > at)
        continue;
      const due =
        invoice.failed === 0 ||
        invoice.failed > this.dunning.limit ||
        invoice.last! + this.wait(invoice.failed) * DAY <= at;
      if (!due) continue;
      // EPCC, external payments: "When the payment run processes the generated invoice, it creates a pending payment."
      if (s.manual) {
        invoice.last = at;
        invoice.pending = true;
        continue;
      }
      this.attempt(s, invoice, choiceFor(choices, invoice.number), at);
    }
  }

  /**
   * One attempt through the gateway. A lost answer changes nothing the service can see: the attempt is asked
   * again, under the same key, by the next run (it is neither a failure nor a payment, so no retry is spent
   * and the wait is not restarted). Asked again, a gateway that took the money says so, whatever it would
   * have done, and charges nothing more; one that had charged nothing does now what the run chooses.
   */
  private attempt(s: ModelSubscription, invoice: ModelInvoice, choice: GatewayChoice, at: number): void {
    const taken = invoice.unanswered === 'taken';
    if (choice === 'lost after the charge' || choice === 'lost before the charge') {
      if (!taken && choice === 'lost after the charge') this.collected += invoice.amount;
      invoice.unanswered = taken || choice === 'lost after the charge' ? 'taken' : 'not taken';
      return;
    }
    delete invoice.unanswered;
    invoice.last = at;
    if (taken || choice === 'succeeds') {
      if (!taken) this.collected += invoice.amount;
      this.paid(s, invoice, at);
      return;
    }
    invoice.failed += 1;
    if (invoice.failed <= this.dunning.limit) return;
    invoice.spent = true;
    if (this.dunning.action === 'pause' && !s.paused) {
      s.paused = true;
      s.gaps.push({ from: at });
    } else if (this.dunning.action === 'suspend') {
      s.suspended = true;
    } else if (this.dunning.action === 'close' && !s.canceled) {
      // EPCC's dunning `close`: "The subscription ends and it's status becomes `inactive`."
      s.closedByDunning = true;
      s.canceled = true;
      s.canceledAt = at;
      s.paused = false;
      s.endDate = at;
      s.inactive = true;
    }
  }

  /**
   * An invoice paid by a gateway or a settlement. EPCC's lifecycle, step 6: "Once the payment succeeds then
   * the payment run updates the status of the subscription to active", unless it is paused or canceled.
   * EPCC says a suspended subscriber "can choose to pay the outstanding invoice"; the team's reading
   * (docs/billing.md): the suspension lifts once none of its invoices is outstanding after a failed payment,
   * and the periods that ended while it was suspended are never billed.
   */
  private paid(s: ModelSubscription, invoice: ModelInvoice, at: number): void {
    invoice.pending = false;
    invoice.paid = true;
    // Paid on an attempt a merchant asked for once its retries were spent, it still shows that they were.
    invoice.spent = invoice.failed > this.dunning.limit;
    const othersUnpaid = s.invoices.some((i) => i !== invoice && unpaidAfterFailure(i));
    if (s.suspended && !othersUnpaid) {
      s.suspended = false;
      s.billableFrom = Math.max(s.billableFrom ?? at, at);
    }
    if (!s.paused && !s.canceled) s.inactive = false;
  }

  /**
   * Whether the action applies now, as the service decides it (EPCC does not say which are refused); applies
   * it if so. EPCC's lifecycle, step 1: "The subscriber pauses or cancels the subscription. The subscription
   * status is `active`", with `paused_at` or `cancelled_at` set; the status waits for a billing run.
   */
  act(s: ModelSubscription, action: ModelAction, at: number): boolean {
    if (s.canceled) return action === 'resume' && this.reopen(s, at);
    if (action !== 'cancel' && action !== 'cancel now' && !this.live(s, at)) return false;
    if (action === 'pause') {
      if (s.paused) return false;
      this.withdraw(s, at);
      s.paused = true;
      s.gaps.push({ from: at });
    } else if (action === 'resume') {
      if (!s.paused) return false;
      s.paused = false;
      s.gaps[s.gaps.length - 1]!.until = at;
    } else if (action === 'cancel now') {
      this.endPrices(s, at);
      // EPCC 2026, `cancel_immediately`: "the subscription moves to `inactive` immediately"; nothing refunded.
      this.withdraw(s, at);
      s.canceled = true;
      s.canceledAt = at;
      s.paused = false;
      s.endDate = at;
      s.inactive = true;
    } else {
      // The team's reading of `end_date` ("The date and time a subscription will end", EPCC): the end of what
      // was invoiced, or the cancel itself when nothing invoiced reaches past it.
      this.withdraw(s, at);
      const through = s.invoices[s.invoices.length - 1]?.end;
      this.endPrices(s, at);
      s.canceled = true;
      s.canceledAt = at;
      s.paused = false;
      s.endDate = through !== undefined && through > at ? through : at;
    }
    return true;
  }

  /**
   * EPCC, dunning's `close`: "a merchandizer can choose to resume the subscription if a subscriber pays the
   * outstanding payment". The team's reading (docs/billing.md): only a subscription dunning closed, once none
   * of its invoices is outstanding after a failed payment; billed again from the period running then, the
   * time it stood closed never; its status waits for a payment, as after any inactive spell.
   */
  private reopen(s: ModelSubscription, at: number): boolean {
    if (s.closedByDunning !== true || s.invoices.some(unpaidAfterFailure)) return false;
    s.closedByDunning = false;
    s.canceled = false;
    delete s.endDate;
    // A pause the close cut short ends with the resume, as any pause does.
    const open = s.gaps[s.gaps.length - 1];
    if (open !== undefined && open.until === undefined) open.until = at;
    s.billableFrom = Math.max(s.billableFrom ?? at, at);
    return true;
  }

  /**
   * Our extension of EPCC (it says a suspended or closed subscription's subscriber "can choose to pay the
   * outstanding invoice", and names no way to): the merchant asks for one more attempt of the oldest invoice
   * of `s` whose retries are spent and that is not paid, which the next payment run makes at once. The
   * invoice, or undefined when there is none.
   */
  requestAttempt(s: ModelSubscription): ModelInvoice | undefined {
    const invoice = s.invoices.find((i) => i.spent && !i.paid && i.amount > 0);
    if (invoice !== undefined) invoice.spent = false;
    return invoice;
  }

  /**
   * The team's reading where EPCC is silent, after Stripe deleting a draft invoice a change makes stale: a
   * cancel, a pause or a switch at `at` withdraws the invoices still pro forma then. Their periods are
   * invoiced again by later runs as the subscription is then (never, once canceled or paused throughout),
   * with the prorations and credit they had taken; their numbers are not reused.
   */
  private withdraw(s: ModelSubscription, at: number): void {
    const first = s.invoices.findIndex((invoice) => invoice.validFrom !== undefined && invoice.validFrom > at);
    if (first === -1) return;
    const [withdrawn] = s.invoices.splice(first);
    s.next = withdrawn!.start;
    s.charged = withdrawn!.before.charged;
    s.credit = withdrawn!.before.credit;
  }

  /**
   * The merchant settles the oldest waiting manual payment of `s` as taken (EPCC's UpdateInvoicePayment with
   * `success: true`): the invoice is paid, and, EPCC's lifecycle step 6, "Once the payment succeeds then the
   * payment run updates the status of the subscription to active" unless it is paused or canceled. False
   * when no payment of it waits.
   */
  settle(s: ModelSubscription, at: number): boolean {
    const invoice = s.invoices.find((i) => i.pending);
    if (invoice === undefined) return false;
    this.paid(s, invoice, at);
    return true;
  }

  /** The latest invoice of `s` a payment was recorded for: what a refund step refunds. */
  refundTarget(s: ModelSubscription): ModelInvoice | undefined {
    return s.invoices.findLast((i) => i.paid || i.pending || i.failed > 0);
  }

  /**
   * A refund of `amount` of the latest payment of `invoice` (EPCC 2026: "Creates a refund for a paid
   * invoice", 422 otherwise): only of a taken payment, and, as Stripe refunds a charge, never more than it
   * took less what was refunded. The invoice stays paid, as Stripe's stays `paid`. False when refused.
   */
  refund(invoice: ModelInvoice, amount: number): boolean {
    if (!invoice.paid || amount < 1 || amount > invoice.amount - invoice.refunded) return false;
    invoice.refunded += amount;
    return true;
  }

  /** EPCC's `invoice_after`: "The time when the subscription becomes eligible for a new invoice." */
  invoiceAfter(s: ModelSubscription): number {
    return this.rules.invoiceAfterFixed ? s.paidFrom : s.next;
  }

  /**
   * EPCC's `Status`, "either `active` or `inactive`": inactive before going live, and once a billing run (or
   * dunning's `close`) made it so. Never read from the clock otherwise: a cancel waits for the run.
   */
  status(s: ModelSubscription, at: number): 'active' | 'inactive' {
    const canceledOut = this.rules.inactiveOnceCanceledEnds && s.canceled && s.endDate! <= at;
    return !this.live(s, at) || s.inactive || canceledOut ? 'inactive' : 'active';
  }
}
