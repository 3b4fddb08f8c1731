import { addIntervals } from '../catalogue/billing-interval.js';
import type { PlanAttributes } from '../catalogue/plan.js';
import type { Uuid } from '../shared/uuid.js';
import type { PaymentAuthority } from './payment-authority.js';
import type { ScheduledPriceChange } from './price-change.js';
import type { ProrationEvent } from './proration-event.js';

export const SUBSCRIPTION_TYPE = 'subscription';
export const SUBSCRIPTION_NOT_FOUND = 'subscription not found';
export const STATE_NOT_FOUND = 'subscription state not found';

export const STATE_TYPE = 'subscription_state';
export const STATE_ACTIONS = ['cancel', 'pause', 'resume', 'pending', 'go_live'] as const;
/**
 * What a subscriber or merchant can do to a subscription's state; `go_live` starts a pending one and
 * `pending` (EPCC's action) holds one pending until a `go_live` action, dropping its `go_live_after`.
 */
export type StateAction = (typeof STATE_ACTIONS)[number];

/** Who paused a subscription (EPCC 2026's `paused_by`): the merchant, the subscriber (a shopper), or dunning. */
export const PAUSERS = ['subscriber', 'merchandizer', 'dunning'] as const;
export type PausedBy = (typeof PAUSERS)[number];

/** The flags EPCC storefronts read; `closed` is derived from them and the clock, `status` from them and the runs. */
export interface SubscriptionFlags {
  readonly canceled: boolean;
  readonly paused: boolean;
  readonly suspended: boolean;
  readonly pending: boolean;
}

export interface SubscriptionTimestamps {
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly canceledAt?: Date;
  readonly pausedAt?: Date;
  readonly resumedAt?: Date;
  readonly endDate?: Date;
}

/** One action applied to a subscription, with the flags it left behind. */
export interface SubscriptionStateRecord {
  readonly id: Uuid;
  readonly subscriptionId: Uuid;
  readonly action: StateAction;
  readonly createdAt: Date;
  readonly flags: SubscriptionFlags & { readonly closed: boolean };
  readonly invoiceAfter: Date;
}

/** An account's subscription to one plan of one version of an offering. */
export interface Subscription {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly accountId: string;
  readonly offeringId: Uuid;
  /** The offering as it was when the subscription was made; shared by every subscription of that version. */
  readonly offeringVersionId: Uuid;
  readonly planId: Uuid;
  /** The product copies of the snapshot it holds, when changed from all of them. */
  readonly productIds?: readonly Uuid[];
  readonly currency: string;
  readonly name: string;
  readonly email: string;
  readonly externalRef?: string;
  readonly paymentAuthority: PaymentAuthority;
  /** The account address the subscription delivers to, when one is given. */
  readonly addressId?: Uuid;
  readonly manualPayments: boolean;
  readonly flags: SubscriptionFlags;
  /** Who made its latest pause; read only while `flags.paused`, as every pause sets it. */
  readonly pausedBy?: PausedBy;
  /**
   * Who canceled it, read only while `flags.canceled`: dunning's `close`, which a merchant may undo once it is
   * paid, or a merchant or subscriber, which nobody undoes. Unset on a subscription canceled before it was
   * recorded (or by an import): such a one counts as closed by dunning when one of its invoices spent its retries.
   */
  readonly canceledBy?: PausedBy;
  readonly timestamps: SubscriptionTimestamps;
  /**
   * A pending subscription goes live by itself at this time; once a `go_live` action started it, the time
   * it went live. Its billing periods, trial and length count from here.
   */
  readonly goLiveAfter?: Date;
  /**
   * Where its paid billing periods are counted from (anchor + n periods, clamped to month ends): the first
   * paid period's start, which is the end of the plan's trial when it has one. It never moves with invoices.
   */
  readonly billingAnchor: Date;
  /**
   * EPCC's `invoice_after`, "the time when the subscription becomes eligible for a new invoice": the start
   * of the oldest period not invoiced yet. Before the first invoice the start of its first period (going
   * live, or creation); after each invoice the end of the period it invoiced. A billing run at or after it
   * is due to invoice the subscription, one period at a time.
   */
  readonly invoiceAfter: Date;
  /**
   * For a subscription that existed before billing runs did: no period that ended at or before this
   * instant is invoiced, so the first run does not bill its past. Absent for every later subscription.
   */
  readonly billableFrom?: Date;
  /**
   * EPCC's stored status: set by the billing run that finds the subscription paused or canceled when a
   * period is due, cleared by a successful payment once it is neither. Absent: active.
   */
  readonly inactive?: true;
  /** The latest state change, if there was one. */
  readonly state?: SubscriptionStateRecord;
  /** When its current plan began, if it switched plans: a closing plan's length counts from here (EPCC). */
  readonly planStartedAt?: Date;
  /**
   * Every proration of its plan switches, oldest first. Each invoice records how many of them it has
   * charged, so the ones after that count wait for the next invoice.
   */
  readonly prorations?: readonly ProrationEvent[];
  /** The price changes `subscription-update` jobs gave it, oldest first (see `pricedAt`). */
  readonly priceChanges?: readonly ScheduledPriceChange[];
}

/** Where billing periods, the trial and the plan's length count from: going live, or creation for one made live. */
export const startOf = (subscription: Subscription): Date =>
  subscription.goLiveAfter ?? subscription.timestamps.createdAt;

/**
 * Where its current plan's length counts from: the switch to that plan, or going live. EPCC's table for
 * plan switches: `close`→`close` "calculated as [the new plan's length] from the day you switch plans",
 * `roll`→`close` "configured based on the duration of the plan", `close`→`roll` none.
 */
export const planStartOf = (subscription: Subscription): Date => subscription.planStartedAt ?? startOf(subscription);

/** When a plan with `end_behavior: close` ends the subscription: its `plan_length` intervals from `planStartOf`. */
export const closesAt = (subscription: Subscription, plan: PlanAttributes): Date | undefined =>
  plan.end_behavior === 'close'
    ? addIntervals(planStartOf(subscription), plan.billing_interval_type, plan.plan_length)
    : undefined;

/** EPCC's `end_date`: where a cancellation ends it, else where its closing plan does; none for a rolling plan. */
export const endDateOf = (subscription: Subscription, plan: PlanAttributes | undefined): Date | undefined =>
  subscription.timestamps.endDate ?? (plan === undefined ? undefined : closesAt(subscription, plan));

/** When a pending subscription goes live: at its `go_live_after` time, or `'go_live'` when only that action does. */
const pendingUntilOf = (subscription: Subscription): Date | 'go_live' | undefined =>
  subscription.flags.pending ? (subscription.goLiveAfter ?? 'go_live') : undefined;

const pendingAt = (until: Date | 'go_live' | undefined, now: Date): boolean =>
  until !== undefined && (until === 'go_live' || until.getTime() > now.getTime());

/** Pending until a `go_live` action, or until its `go_live_after` time has come. */
export const isPendingAt = (subscription: Subscription, now: Date): boolean =>
  pendingAt(pendingUntilOf(subscription), now);

export const SUBSCRIPTION_STATUSES = ['active', 'inactive'] as const;

/**
 * Where a subscription stands at `now`: it closes when a cancellation takes effect, or when a plan with
 * `end_behavior: close` has run its `plan_length` intervals (counted in `billing_interval_type` from
 * `planStartOf`). Its status is what the billing (and payment) runs last decided, never the clock: EPCC's
 * lifecycle keeps a paused or canceled subscription `active` until "the next billing run is due" and
 * sets it `inactive` then. It is `inactive` while pending too (EPCC: "Once the `go_live_after` date is
 * passed, the subscription becomes `active`").
 */
export interface SubscriptionStanding {
  readonly pending: boolean;
  readonly closed: boolean;
  readonly status: (typeof SUBSCRIPTION_STATUSES)[number];
}

export const standingAt = (
  subscription: Subscription,
  plan: PlanAttributes | undefined,
  now: Date,
): SubscriptionStanding => standingFrom(standingTimesOf(subscription, plan), subscription.inactive === true, now);

/**
 * The instants at which a subscription's standing turns, fixed until it is changed: kept with a document
 * written when it changes, they give its standing at any later moment without the subscription.
 * `pendingUntil` is undefined when it is not pending, `'go_live'` when only that action ends it.
 */
export interface StandingTimes {
  readonly pendingUntil: Date | 'go_live' | undefined;
  /** When its cancellation takes effect. */
  readonly canceledOutAt: Date | undefined;
  /** When a plan with `end_behavior: close` has run its length. */
  readonly runsOutAt: Date | undefined;
}

export const standingTimesOf = (subscription: Subscription, plan: PlanAttributes | undefined): StandingTimes => ({
  pendingUntil: pendingUntilOf(subscription),
  canceledOutAt: subscription.flags.canceled ? subscription.timestamps.endDate : undefined,
  runsOutAt: plan === undefined ? undefined : closesAt(subscription, plan),
});

export const standingFrom = (times: StandingTimes, inactive: boolean, now: Date): SubscriptionStanding => {
  const at = now.getTime();
  const pending = pendingAt(times.pendingUntil, now);
  const canceledOut = times.canceledOutAt !== undefined && times.canceledOutAt.getTime() <= at;
  const ranOut = !pending && times.runsOutAt !== undefined && times.runsOutAt.getTime() <= at;
  return { pending, closed: canceledOut || ranOut, status: pending || inactive ? 'inactive' : 'active' };
};

/** Where paid periods count from: after the trial, counted in the plan's billing intervals from `start`. */
export const billingAnchorOf = (start: Date, plan: PlanAttributes): Date =>
  plan.trial_period === undefined || plan.trial_period === 0
    ? start
    : addIntervals(start, plan.billing_interval_type, plan.trial_period);
