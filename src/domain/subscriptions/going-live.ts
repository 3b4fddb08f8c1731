import * as E from 'fp-ts/lib/Either.js';
import type { PlanAttributes } from '../catalogue/plan.js';
import { type DomainError, issue, unprocessable, type ValidationIssue } from '../shared/errors.js';
import { billingAnchorOf, isPendingAt, type Subscription } from './subscription.js';

/** When a new subscription goes live, as its create request asks. */
export interface GoingLive {
  readonly pending: boolean;
  readonly goLiveAfter?: Date;
}

/**
 * A new subscription is live at once unless it is `pending`: then it goes live at `go_live_after`, or on
 * a `go_live` action when no time is given. A `go_live_after` makes it pending, so `pending: false`
 * beside one contradicts it. A time already past backdates it (EPCC): it is live at once, its periods
 * counted from then; its first period is invoiced with it and the periods since by the next billing run.
 */
export const goingLive = (request: {
  readonly pending?: boolean;
  readonly go_live_after?: Date;
}): E.Either<readonly [ValidationIssue, ...ValidationIssue[]], GoingLive> => {
  const { pending, go_live_after: goLiveAfter } = request;
  if (goLiveAfter === undefined) return E.right({ pending: pending ?? false });
  if (pending === false)
    return E.left([
      issue('data.pending', 'cannot be false beside a go_live_after: a subscription with one is pending until then'),
    ]);
  return E.right({ pending: true, goLiveAfter });
};

/**
 * Moves (or, with null, removes) the time a pending subscription goes live by itself; its first invoice
 * moves with it. A time already past backdates it, as at creation. Once live, when it went live is
 * history and cannot change.
 */
export const rescheduleGoLive = (
  subscription: Subscription,
  plan: PlanAttributes,
  goLiveAfter: Date | null,
  now: Date,
): E.Either<DomainError, Subscription> => {
  if (!isPendingAt(subscription, now))
    return E.left(
      unprocessable('only a pending subscription can change when it goes live', 'state_transition_not_allowed'),
    );
  const { goLiveAfter: _previous, ...rest } = subscription;
  const start = goLiveAfter ?? subscription.timestamps.createdAt;
  return E.right({
    ...rest,
    ...(goLiveAfter === null ? {} : { goLiveAfter }),
    billingAnchor: billingAnchorOf(start, plan),
    invoiceAfter: start,
  });
};
