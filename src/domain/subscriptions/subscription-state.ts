import * as E from 'fp-ts/lib/Either.js';
import type { PlanAttributes } from '../catalogue/plan.js';
import { type DomainError, forbidden, unprocessable } from '../shared/errors.js';
import type { Uuid } from '../shared/uuid.js';
import { priceChangesEndedAt } from './price-changes.js';
import {
  billingAnchorOf,
  isPendingAt,
  type PausedBy,
  type StateAction,
  type Subscription,
  type SubscriptionStanding,
  type SubscriptionStateRecord,
  standingAt,
} from './subscription.js';

/** The plan flag that lets subscribers take an action; starting a pending subscription is the merchant's, ungated. */
const PERMISSION: Readonly<Partial<Record<StateAction, 'can_cancel' | 'can_pause' | 'can_resume'>>> = {
  cancel: 'can_cancel',
  pause: 'can_pause',
  resume: 'can_resume',
};

const PAST: Readonly<Record<StateAction, string>> = {
  cancel: 'canceled',
  pause: 'paused',
  resume: 'resumed',
  pending: 'made pending',
  go_live: 'started',
};

/** Who takes a state action: the merchant (client credentials), or a subscriber (a shopper of its account). */
export type StateActor = Exclude<PausedBy, 'dunning'>;

/** The actions a subscriber may take itself; starting a pending subscription, or holding it, is the merchant's. */
const SUBSCRIBER_ACTIONS: readonly StateAction[] = ['cancel', 'pause', 'resume'];

/**
 * Why a subscriber may not take this action, if it may not: what dunning paused or closed, the merchant
 * resumes (EPCC: "a merchandizer can choose to resume"), and ending a subscription at once refunds nothing,
 * so that stays the merchant's call too.
 */
const refusedToSubscriber = (
  subscription: Subscription,
  action: StateAction,
  cancelImmediately: boolean,
  closedByDunning: boolean,
): string | undefined => {
  if (!SUBSCRIBER_ACTIONS.includes(action)) return `only the merchant can take the action ${action}`;
  if (action === 'cancel' && cancelImmediately) return 'only the merchant can cancel a subscription immediately';
  if (action === 'resume' && (subscription.pausedBy === 'dunning' || closedByDunning))
    return 'the subscription was paused or closed by dunning: only the merchant can resume it';
  return undefined;
};

/** Why an action does not apply to the subscription as it stands, if it does not. */
const inapplicable = (
  subscription: Subscription,
  standing: SubscriptionStanding,
  action: StateAction,
): string | undefined => {
  if (subscription.flags.canceled)
    return `a canceled subscription cannot be ${action === 'cancel' ? 'canceled again' : PAST[action]}`;
  if (standing.closed) return `a closed subscription cannot be ${PAST[action]}`;
  if (action === 'go_live') return standing.pending ? undefined : 'the subscription is not pending: it is live already';
  // Once live, it has been (or is being) billed: going back to pending would leave invoices of a
  // subscription that never started.
  if (action === 'pending')
    return standing.pending ? undefined : 'the subscription has gone live: it cannot be pending again';
  if (standing.pending && action !== 'cancel')
    return `a pending subscription cannot be ${PAST[action]}; it goes live first`;
  if (action === 'pause' && subscription.flags.paused) return 'the subscription is already paused';
  if (action === 'resume' && !subscription.flags.paused) return 'the subscription is not paused';
  return undefined;
};

/**
 * Where dunning left a subscription, read from its invoices: whether one of them reached its retry limit
 * (paid since or not), and whether one is outstanding after a failed payment.
 */
export interface DunningStanding {
  readonly spent: boolean;
  readonly unpaid: boolean;
}

/**
 * EPCC: after dunning's `close`, "a merchandizer can choose to resume the subscription if a subscriber pays
 * the outstanding payment". A subscription dunning canceled (`canceledBy`; for one canceled before that was
 * recorded, any canceled subscription with an invoice whose retries were spent) counts as closed by dunning;
 * it resumes from now on, the time it stood closed never billed.
 */
const reopened = (subscription: Subscription, now: Date): Subscription => {
  const { endDate: _end, ...timestamps } = subscription.timestamps;
  const { canceledBy: _closer, ...open } = subscription;
  const billableFrom =
    subscription.billableFrom !== undefined && subscription.billableFrom > now ? subscription.billableFrom : now;
  return {
    ...open,
    flags: { ...subscription.flags, canceled: false, paused: false },
    billableFrom,
    timestamps: { ...timestamps, resumedAt: now, updatedAt: now },
  };
};

/** What a state change reads of the subscription's invoices. */
export interface InvoicesOfSubscription {
  /** The end of its latest invoiced period, where a cancellation ends it. */
  readonly invoicedThrough?: Date | undefined;
  /** Read for a resume only. */
  readonly dunning?: DunningStanding | undefined;
  /** A cancel that ends the subscription now rather than when what was invoiced runs out (EPCC 2026). */
  readonly cancelImmediately?: boolean;
}

const applied = (
  subscription: Subscription,
  plan: PlanAttributes,
  action: StateAction,
  now: Date,
  invoicedThrough: Date | undefined,
  cancelImmediately: boolean,
  actor: StateActor,
): Subscription => {
  const { flags } = subscription;
  const timestamps = { ...subscription.timestamps, updatedAt: now };
  switch (action) {
    case 'pause':
      return {
        ...subscription,
        flags: { ...flags, paused: true },
        pausedBy: actor,
        timestamps: { ...timestamps, pausedAt: now },
      };
    case 'resume':
      if (flags.canceled) return reopened(subscription, now);
      return { ...subscription, flags: { ...flags, paused: false }, timestamps: { ...timestamps, resumedAt: now } };
    case 'pending': {
      const { goLiveAfter: _scheduled, ...held } = subscription;
      const { createdAt } = subscription.timestamps;
      return { ...held, billingAnchor: billingAnchorOf(createdAt, plan), invoiceAfter: createdAt, timestamps };
    }
    case 'go_live':
      return {
        ...subscription,
        flags: { ...flags, pending: false },
        goLiveAfter: now,
        billingAnchor: billingAnchorOf(now, plan),
        invoiceAfter: now,
        timestamps,
      };
    case 'cancel': {
      // It ends when what was invoiced runs out: the end of its latest invoiced period (a trial's, a plan
      // changed since: whatever was billed), or at once when nothing invoiced reaches past now (a period
      // not billed yet is not owed, and a pending subscription has none).
      // EPCC 2026: `cancel_immediately` ends it now and makes it inactive in this request, refunding nothing
      // and leaving paid invoices as they are.
      const endDate =
        !cancelImmediately && invoicedThrough !== undefined && invoicedThrough.getTime() > now.getTime()
          ? invoicedThrough
          : now;
      // Canceled before it went live, it never goes live and is never billed: inactive from the cancel, as
      // Stripe releases a subscription schedule canceled before it starts without an invoice.
      const neverLive = isPendingAt(subscription, now);
      // A canceled subscription has no next period, so a price change waiting for one is dropped.
      return {
        ...priceChangesEndedAt(subscription, now),
        flags: { ...flags, canceled: true, paused: false, pending: false },
        canceledBy: actor,
        ...(neverLive || cancelImmediately ? { inactive: true as const } : {}),
        timestamps: { ...timestamps, canceledAt: now, endDate },
      };
    }
  }
};

/**
 * Applies `action`: the plan must allow it (else forbidden) and it must fit the current state (else
 * unprocessable). Pausing keeps the subscription active; canceling ends it when its latest invoiced
 * period ends (at once when nothing invoiced reaches past now), and a pending one at once and `inactive`
 * for good: it never goes live, so a later `go_live` or `resume` is refused as after any cancel.
 * `go_live` starts a pending subscription now, its billing periods and trial counted from then; `pending`
 * keeps a pending one pending until a `go_live` action, whatever `go_live_after` it had. A subscription closed by
 * dunning (see `DunningStanding`) can be resumed once none of its invoices is outstanding after a failed
 * payment (else `invoice_unpaid`).
 */
export const applyStateAction = (
  subscription: Subscription,
  plan: PlanAttributes,
  action: StateAction,
  now: Date,
  stateId: Uuid,
  /** What the subscription's invoices say, read with it: where a cancellation ends it, and where dunning left it. */
  invoices: InvoicesOfSubscription = {},
  actor: StateActor = 'merchandizer',
): E.Either<DomainError, { readonly subscription: Subscription; readonly state: SubscriptionStateRecord }> => {
  const { invoicedThrough, dunning = { spent: false, unpaid: false }, cancelImmediately = false } = invoices;
  const closedByDunning =
    action === 'resume' &&
    subscription.flags.canceled &&
    dunning.spent &&
    (subscription.canceledBy === undefined || subscription.canceledBy === 'dunning');
  const refused =
    actor === 'subscriber' ? refusedToSubscriber(subscription, action, cancelImmediately, closedByDunning) : undefined;
  if (refused !== undefined) return E.left(forbidden(refused, 'token_not_permitted'));
  const permission = PERMISSION[action];
  if (permission !== undefined && !plan[permission])
    return E.left(forbidden(`the plan does not allow subscribers to ${action}`, 'plan_not_permitted'));
  if (closedByDunning && dunning.unpaid) {
    return E.left(
      unprocessable(
        'the subscription was closed by dunning and an invoice of it is outstanding after a failed payment: it can be resumed once that is paid',
        'invoice_unpaid',
      ),
    );
  }
  const reason = closedByDunning ? undefined : inapplicable(subscription, standingAt(subscription, plan, now), action);
  if (reason !== undefined) return E.left(unprocessable(reason, 'state_transition_not_allowed'));

  const updated = applied(
    subscription,
    plan,
    action,
    now,
    invoicedThrough,
    cancelImmediately && action === 'cancel',
    actor,
  );
  const { closed, pending } = standingAt(updated, plan, now);
  const state: SubscriptionStateRecord = {
    id: stateId,
    subscriptionId: subscription.id,
    action,
    createdAt: now,
    flags: { ...updated.flags, pending, closed },
    invoiceAfter: updated.invoiceAfter,
  };
  return E.right({ subscription: { ...updated, state }, state });
};
