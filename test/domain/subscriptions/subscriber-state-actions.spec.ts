import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { PlanAttributes } from '../../../src/domain/catalogue/plan.js';
import type { StateAction, Subscription } from '../../../src/domain/subscriptions/subscription.js';
import {
  applyStateAction,
  type InvoicesOfSubscription,
  type StateActor,
} from '../../../src/domain/subscriptions/subscription-state.js';
import { canceled, paused, planWith, running, subscriptionWith, uuid } from '../../support/domain-builders.js';

const NOW = new Date('2024-03-10T15:00:00.000Z');
const PENDING = () => subscriptionWith({ pending: true });
const PAUSED_BY_DUNNING = (): Subscription => ({ ...paused(), pausedBy: 'dunning' });

/** The boundaries of what a subscriber (a shopper of the subscription's account) may do, beside the merchant. */
const TABLE: readonly {
  readonly case: string;
  readonly subscription: () => Subscription;
  readonly action: StateAction;
  readonly plan?: Partial<PlanAttributes>;
  readonly invoices?: InvoicesOfSubscription;
  /** What the subscriber gets: applied, or the refusal's code. */
  readonly subscriber: 'applied' | string;
  readonly merchandizer: 'applied' | string;
}[] = [
  { case: 'cancel', subscription: running, action: 'cancel', subscriber: 'applied', merchandizer: 'applied' },
  { case: 'pause', subscription: running, action: 'pause', subscriber: 'applied', merchandizer: 'applied' },
  { case: 'resume a pause', subscription: paused, action: 'resume', subscriber: 'applied', merchandizer: 'applied' },
  {
    case: 'pause, the plan not allowing it',
    subscription: running,
    action: 'pause',
    plan: { can_pause: false },
    subscriber: 'plan_not_permitted',
    merchandizer: 'plan_not_permitted',
  },
  {
    case: 'cancel immediately',
    subscription: running,
    action: 'cancel',
    invoices: { cancelImmediately: true },
    subscriber: 'token_not_permitted',
    merchandizer: 'applied',
  },
  {
    case: 'resume what dunning paused',
    subscription: PAUSED_BY_DUNNING,
    action: 'resume',
    subscriber: 'token_not_permitted',
    merchandizer: 'applied',
  },
  {
    case: 'resume what dunning closed, paid since',
    subscription: canceled,
    action: 'resume',
    invoices: { dunning: { spent: true, unpaid: false } },
    subscriber: 'token_not_permitted',
    merchandizer: 'applied',
  },
  {
    case: 'go live',
    subscription: PENDING,
    action: 'go_live',
    subscriber: 'token_not_permitted',
    merchandizer: 'applied',
  },
  {
    case: 'hold pending',
    subscription: PENDING,
    action: 'pending',
    subscriber: 'token_not_permitted',
    merchandizer: 'applied',
  },
  {
    case: 'pause again',
    subscription: paused,
    action: 'pause',
    subscriber: 'state_transition_not_allowed',
    merchandizer: 'state_transition_not_allowed',
  },
];

const outcome = (row: (typeof TABLE)[number], actor: StateActor): string => {
  const result = applyStateAction(
    row.subscription(),
    planWith(row.plan ?? {}),
    row.action,
    NOW,
    uuid(77),
    row.invoices ?? {},
    actor,
  );
  return E.isRight(result) ? 'applied' : 'code' in result.left ? result.left.code : result.left._tag;
};

describe('subscription state changes by a subscriber', () => {
  for (const row of TABLE) {
    it(`${row.case}: the subscriber ${row.subscriber}, the merchant ${row.merchandizer}`, () => {
      expect(outcome(row, 'subscriber')).to.equal(row.subscriber);
      expect(outcome(row, 'merchandizer')).to.equal(row.merchandizer);
    });
  }

  it("records a subscriber's pause as the subscriber's (EPCC's paused_by)", () => {
    const result = applyStateAction(running(), planWith(), 'pause', NOW, uuid(77), {}, 'subscriber');
    expect(E.isRight(result) && result.right.subscription.pausedBy).to.equal('subscriber');
  });
});
