import * as E from 'fp-ts/lib/Either.js';
import { forbidden, unprocessable, type DomainError } from '../shared/errors.js';
import type { Uuid } from '../shared/uuid.js';
import { endOfCurrentPeriod } from './billing.js';
import type { PlanAttributes } from './plan.js';
import { standingAt, type StateAction, type Subscription, type SubscriptionStateRecord } from './subscription.js';

const PERMISSION: Readonly<Record<StateAction, 'can_cancel' | 'can_pause' | 'can_resume'>> = {
  cancel: 'can_cancel',
  pause: 'can_pause',
  resume: 'can_resume',
};

/** Why an action does not apply to the subscription as it stands, if it does not. */
const inapplicable = (subscription: Subscription, closed: boolean, action: StateAction): string | undefined => {
  if (subscription.flags.canceled) return `a canceled subscription cannot be ${action === 'cancel' ? 'canceled again' : `${action}d`}`;
  if (closed) return `a closed subscription cannot be ${action === 'cancel' ? 'canceled' : `${action}d`}`;
  if (action === 'pause' && subscription.flags.paused) return 'the subscription is already paused';
  if (action === 'resume' && !subscription.flags.paused) return 'the subscription is not paused';
  return undefined;
};

/**
 * Applies `action`: the plan must allow it (else forbidden) and it must fit the current state (else
 * unprocessable). Pausing keeps the subscription active; canceling ends it at the end of the current
 * billing period.
 */
export const applyStateAction = (
  subscription: Subscription,
  plan: PlanAttributes,
  action: StateAction,
  now: Date,
  stateId: Uuid,
): E.Either<DomainError, { readonly subscription: Subscription; readonly state: SubscriptionStateRecord }> => {
  if (!plan[PERMISSION[action]]) return E.left(forbidden(`the plan does not allow subscribers to ${action}`, 'plan_not_permitted'));
  const reason = inapplicable(subscription, standingAt(subscription, plan, now).closed, action);
  if (reason !== undefined) return E.left(unprocessable(reason, 'state_transition_not_allowed'));

  const { flags, timestamps } = subscription;
  const updated: Subscription =
    action === 'pause'
      ? { ...subscription, flags: { ...flags, paused: true }, timestamps: { ...timestamps, updatedAt: now, pausedAt: now } }
      : action === 'resume'
        ? { ...subscription, flags: { ...flags, paused: false }, timestamps: { ...timestamps, updatedAt: now, resumedAt: now } }
        : {
            ...subscription,
            flags: { ...flags, canceled: true, paused: false },
            timestamps: { ...timestamps, updatedAt: now, canceledAt: now, endDate: endOfCurrentPeriod(timestamps.createdAt, plan, now) },
          };
  const { closed } = standingAt(updated, plan, now);
  const state: SubscriptionStateRecord = { id: stateId, subscriptionId: subscription.id, action, createdAt: now, flags: { ...updated.flags, closed }, invoiceAfter: updated.invoiceAfter };
  return E.right({ subscription: { ...updated, state }, state });
};
