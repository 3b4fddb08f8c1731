import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { PlanAttributes } from '../../../src/domain/catalogue/plan.js';
import { type StateAction, type Subscription, standingAt } from '../../../src/domain/subscriptions/subscription.js';
import { applyStateAction } from '../../../src/domain/subscriptions/subscription-state.js';
import { CREATED, canceled, paused, planWith, running, subscriptionWith, uuid } from '../../support/domain-builders.js';

const STATE_ID = uuid(77);

describe('subscription state changes', () => {
  const now = new Date('2024-03-10T15:00:00.000Z');

  it('pauses a running subscription, which stays active, recording that a merchant paused it', () => {
    const subscription = running();
    const result = applyStateAction(subscription, planWith(), 'pause', now, STATE_ID);
    const flags = { canceled: false, paused: true, suspended: false, pending: false };
    const state = {
      id: STATE_ID,
      subscriptionId: subscription.id,
      action: 'pause',
      createdAt: now,
      flags: { ...flags, closed: false },
      invoiceAfter: subscription.invoiceAfter,
    };
    expect(result).to.deep.equal(
      E.right({
        subscription: {
          ...subscription,
          flags,
          pausedBy: 'merchandizer',
          timestamps: { createdAt: CREATED, updatedAt: now, pausedAt: now },
          state,
        },
        state,
      }),
    );
    if (E.isRight(result))
      expect(standingAt(result.right.subscription, planWith(), now)).to.deep.equal({
        pending: false,
        closed: false,
        status: 'active',
      });
  });

  it('resumes a paused subscription and keeps when it was paused', () => {
    const subscription = paused();
    const result = applyStateAction(subscription, planWith(), 'resume', now, STATE_ID);
    const flags = { canceled: false, paused: false, suspended: false, pending: false };
    const state = {
      id: STATE_ID,
      subscriptionId: subscription.id,
      action: 'resume',
      createdAt: now,
      flags: { ...flags, closed: false },
      invoiceAfter: subscription.invoiceAfter,
    };
    expect(result).to.deep.equal(
      E.right({
        subscription: {
          ...subscription,
          flags,
          timestamps: { ...subscription.timestamps, updatedAt: now, resumedAt: now },
          state,
        },
        state,
      }),
    );
  });

  it('cancels when its latest invoiced period ends, staying active until then', () => {
    const subscription = running();
    const result = applyStateAction(subscription, planWith(), 'cancel', now, STATE_ID, {
      invoicedThrough: new Date('2024-03-31T09:00:00.000Z'),
    });
    const flags = { canceled: true, paused: false, suspended: false, pending: false };
    const endDate = new Date('2024-03-31T09:00:00.000Z');
    const state = {
      id: STATE_ID,
      subscriptionId: subscription.id,
      action: 'cancel',
      createdAt: now,
      flags: { ...flags, closed: false },
      invoiceAfter: subscription.invoiceAfter,
    };
    expect(result).to.deep.equal(
      E.right({
        subscription: {
          ...subscription,
          flags,
          canceledBy: 'merchandizer',
          timestamps: { createdAt: CREATED, updatedAt: now, canceledAt: now, endDate },
          state,
        },
        state,
      }),
    );
    if (E.isRight(result)) {
      const canceledSubscription = result.right.subscription;
      expect(standingAt(canceledSubscription, planWith(), new Date('2024-03-31T08:59:59.999Z'))).to.deep.equal({
        pending: false,
        closed: false,
        status: 'active',
      });
      // Closed at its end date; its status stays `active` until a billing run due for it (EPCC's lifecycle).
      expect(standingAt(canceledSubscription, planWith(), endDate)).to.deep.equal({
        pending: false,
        closed: true,
        status: 'active',
      });
    }
  });

  // Where it ends is what was invoiced, whatever the plan's grid says: a trial, a plan changed since.
  const endsAt: ReadonlyArray<[string, string, string | undefined, string]> = [
    [
      'a quarter invoiced after a one-month trial, canceled in its second month',
      '2024-04-15T00:00:00.000Z',
      '2024-05-01T00:00:00.000Z',
      '2024-05-01T00:00:00.000Z',
    ],
    [
      'the same quarter, canceled in its first month: the paid months are kept',
      '2024-03-20T00:00:00.000Z',
      '2024-05-01T00:00:00.000Z',
      '2024-05-01T00:00:00.000Z',
    ],
    [
      'asked exactly when its latest invoiced period ends: at once',
      '2024-02-29T09:00:00.000Z',
      '2024-02-29T09:00:00.000Z',
      '2024-02-29T09:00:00.000Z',
    ],
    [
      'a period not invoiced yet is not owed: at once',
      '2024-03-10T15:00:00.000Z',
      '2024-03-01T00:00:00.000Z',
      '2024-03-10T15:00:00.000Z',
    ],
    ['nothing invoiced at all: at once', '2024-03-10T15:00:00.000Z', undefined, '2024-03-10T15:00:00.000Z'],
  ];
  for (const [label, when, invoicedThrough, end] of endsAt) {
    it(`cancels ending ${end}: ${label}`, () => {
      const result = applyStateAction(
        running(),
        planWith({ billing_frequency: 3 }),
        'cancel',
        new Date(when),
        STATE_ID,
        { invoicedThrough: invoicedThrough === undefined ? undefined : new Date(invoicedThrough) },
      );
      expect(E.isRight(result) && result.right.subscription.timestamps.endDate?.toISOString()).to.equal(end);
    });
  }

  it('cancels immediately when asked (EPCC 2026): ended and inactive now, whatever was invoiced, and closed', () => {
    const invoicedThrough = new Date('2024-03-31T09:00:00.000Z');
    for (const subscription of [running(), paused()]) {
      const result = applyStateAction(subscription, planWith(), 'cancel', now, STATE_ID, {
        invoicedThrough,
        cancelImmediately: true,
      });
      expect(E.isRight(result)).to.equal(true);
      if (E.isLeft(result)) return;
      const ended = result.right.subscription;
      expect(ended.timestamps.endDate).to.deep.equal(now);
      expect(ended.timestamps.canceledAt).to.deep.equal(now);
      expect(ended.inactive).to.equal(true);
      expect(ended.flags).to.deep.include({ canceled: true, paused: false });
      expect(result.right.state.flags.closed).to.equal(true);
      expect(standingAt(ended, planWith(), now)).to.deep.equal({ pending: false, closed: true, status: 'inactive' });
    }
    // Asked with another action, the flag changes nothing (the request parser refuses it before).
    const pausedOnly = applyStateAction(running(), planWith(), 'pause', now, STATE_ID, { cancelImmediately: true });
    expect(E.isRight(pausedOnly) && pausedOnly.right.subscription.inactive).to.equal(undefined);
  });

  it('cancels a paused subscription and clears the pause', () => {
    const result = applyStateAction(paused(), planWith(), 'cancel', now, STATE_ID, {
      invoicedThrough: new Date('2024-03-31T09:00:00.000Z'),
    });
    expect(E.isRight(result) && result.right.state.flags).to.deep.equal({
      canceled: true,
      paused: false,
      suspended: false,
      pending: false,
      closed: false,
    });
    expect(E.isRight(result) && result.right.subscription.timestamps.pausedAt?.toISOString()).to.equal(
      '2024-02-01T00:00:00.000Z',
    );
  });

  it('keeps the suspended flag as it was', () => {
    const result = applyStateAction(subscriptionWith({ suspended: true }), planWith(), 'pause', now, STATE_ID);
    expect(E.isRight(result) && result.right.state.flags).to.deep.equal({
      canceled: false,
      paused: true,
      suspended: true,
      pending: false,
      closed: false,
    });
  });

  it('lets a pending subscription go live or be canceled, and nothing else until it is live', () => {
    const pending = subscriptionWith({ pending: true });
    for (const action of ['pause', 'resume'] as const) {
      expect(applyStateAction(pending, planWith(), action, now, STATE_ID)).to.deep.equal(
        E.left({
          _tag: 'Unprocessable',
          detail: `a pending subscription cannot be ${action}d; it goes live first`,
          code: 'state_transition_not_allowed',
        }),
      );
    }
    expect(standingAt(pending, planWith(), now)).to.deep.equal({ pending: true, closed: false, status: 'inactive' });
    const live = applyStateAction(pending, planWith({ trial_period: 1 }), 'go_live', now, STATE_ID);
    if (E.isLeft(live)) throw new Error('not live');
    // Its trial, the first period, starts now: invoice_after until its invoice; paid periods count from its end.
    expect(live.right.subscription).to.deep.include({
      goLiveAfter: now,
      invoiceAfter: now,
      billingAnchor: new Date('2024-04-10T15:00:00.000Z'),
    });
    expect(live.right.state.flags).to.deep.equal({
      canceled: false,
      paused: false,
      suspended: false,
      pending: false,
      closed: false,
    });
    expect(standingAt(live.right.subscription, planWith(), now)).to.deep.equal({
      pending: false,
      closed: false,
      status: 'active',
    });
    expect(applyStateAction(live.right.subscription, planWith(), 'go_live', now, STATE_ID)).to.deep.equal(
      E.left({
        _tag: 'Unprocessable',
        detail: 'the subscription is not pending: it is live already',
        code: 'state_transition_not_allowed',
      }),
    );
    // Its first period, counted from going live, was invoiced through 10 April.
    const canceledLater = applyStateAction(
      live.right.subscription,
      planWith(),
      'cancel',
      new Date('2024-03-20T00:00:00.000Z'),
      STATE_ID,
      { invoicedThrough: new Date('2024-04-10T15:00:00.000Z') },
    );
    expect(E.isRight(canceledLater) && canceledLater.right.subscription.timestamps.endDate?.toISOString()).to.equal(
      '2024-04-10T15:00:00.000Z',
    );
    const canceledPending = applyStateAction(pending, planWith({ can_pause: false }), 'cancel', now, STATE_ID);
    expect(E.isRight(canceledPending) && canceledPending.right.subscription.timestamps.endDate).to.deep.equal(now);
    expect(E.isRight(canceledPending) && canceledPending.right.state.flags).to.deep.include({
      canceled: true,
      pending: false,
      closed: true,
    });
  });

  describe('a cancel before a pending subscription goes live: it never does, and is never billed', () => {
    const goLiveAt = new Date('2024-03-10T19:00:00.000Z');
    const scheduled = { ...subscriptionWith({ pending: true }), goLiveAfter: goLiveAt, invoiceAfter: goLiveAt };
    const held = subscriptionWith({ pending: true });
    const later = new Date('2024-05-01T00:00:00.000Z');
    const cases: ReadonlyArray<[string, Subscription, Date, 'active' | 'inactive']> = [
      [
        'go_live_after 4 hours ahead, canceled 3 hours later',
        scheduled,
        new Date('2024-03-10T18:00:00.000Z'),
        'inactive',
      ],
      ['canceled a millisecond before go_live_after', scheduled, new Date(goLiveAt.getTime() - 1), 'inactive'],
      ['pending with no go_live_after (until a go_live action)', held, now, 'inactive'],
      // Live from go_live_after on: canceled then, it is canceled as any live one, active until a run due for it.
      ['canceled at go_live_after itself, live by then', scheduled, goLiveAt, 'active'],
      ['canceled once live', running(), now, 'active'],
    ];
    for (const [label, subscription, at, status] of cases) {
      it(`${label}: ${status}, closed at the cancel, and without a billing run still ${status} months later`, () => {
        const result = applyStateAction(subscription, planWith(), 'cancel', at, STATE_ID);
        if (E.isLeft(result)) throw new Error(JSON.stringify(result.left));
        const canceledOne = result.right.subscription;
        expect(canceledOne.timestamps.endDate).to.deep.equal(at);
        expect(result.right.state.flags).to.deep.include({ canceled: true, pending: false, closed: true });
        expect(standingAt(canceledOne, planWith(), at)).to.deep.equal({ pending: false, closed: true, status });
        expect(standingAt(canceledOne, planWith(), later).status).to.equal(status);
      });
    }

    const canceledPending = applyStateAction(
      scheduled,
      planWith(),
      'cancel',
      new Date('2024-03-10T18:00:00.000Z'),
      STATE_ID,
    );
    if (E.isLeft(canceledPending)) throw new Error('not canceled');
    const afterwards: ReadonlyArray<[StateAction, string]> = [
      ['go_live', 'a canceled subscription cannot be started'],
      ['resume', 'a canceled subscription cannot be resumed'],
      ['pause', 'a canceled subscription cannot be paused'],
      ['pending', 'a canceled subscription cannot be made pending'],
      ['cancel', 'a canceled subscription cannot be canceled again'],
    ];
    for (const [action, detail] of afterwards) {
      it(`refuses ${action} afterwards, before and after go_live_after: ${detail}`, () => {
        for (const at of [new Date('2024-03-10T18:30:00.000Z'), later])
          expect(applyStateAction(canceledPending.right.subscription, planWith(), action, at, STATE_ID)).to.deep.equal(
            E.left({ _tag: 'Unprocessable', detail, code: 'state_transition_not_allowed' }),
          );
      });
    }
  });

  it('goes live by itself at go_live_after, with the plan length counted from then', () => {
    const at = new Date('2024-03-15T00:00:00.000Z');
    const scheduled = { ...subscriptionWith({ pending: true }), goLiveAfter: at };
    const closing = planWith({ end_behavior: 'close', billing_interval_type: 'day', plan_length: 2 });
    expect(standingAt(scheduled, closing, new Date('2024-03-14T23:59:59.999Z'))).to.deep.equal({
      pending: true,
      closed: false,
      status: 'inactive',
    });
    expect(standingAt(scheduled, closing, at)).to.deep.equal({ pending: false, closed: false, status: 'active' });
    // Ran out: closed, and `inactive` only once a billing run due for it says so.
    expect(standingAt(scheduled, closing, new Date('2024-03-17T00:00:00.000Z'))).to.deep.equal({
      pending: false,
      closed: true,
      status: 'active',
    });
    expect(standingAt({ ...scheduled, inactive: true }, closing, new Date('2024-03-17T00:00:00.000Z')).status).to.equal(
      'inactive',
    );
    expect(E.isRight(applyStateAction(scheduled, closing, 'pause', at, STATE_ID))).to.equal(true);
  });

  // EPCC's `pending` action: a subscription waiting to go live stays waiting until a `go_live` action.
  const holds: ReadonlyArray<[string, () => Subscription, string | undefined]> = [
    [
      'a pending subscription scheduled to go live',
      () => ({ ...subscriptionWith({ pending: true }), goLiveAfter: new Date('2024-03-15T00:00:00.000Z') }),
      undefined,
    ],
    ['a pending subscription with no time set', () => subscriptionWith({ pending: true }), undefined],
    ['a live subscription', running, 'the subscription has gone live: it cannot be pending again'],
    ['a paused subscription', paused, 'the subscription has gone live: it cannot be pending again'],
    [
      'a subscription whose go_live_after has passed',
      () => ({ ...subscriptionWith({ pending: true }), goLiveAfter: new Date('2024-03-01T00:00:00.000Z') }),
      'the subscription has gone live: it cannot be pending again',
    ],
    ['a canceled subscription', () => canceled(), 'a canceled subscription cannot be made pending'],
  ];
  for (const [label, make, refusal] of holds) {
    it(`${refusal === undefined ? 'holds' : 'refuses to hold'} ${label} pending`, () => {
      const subscription = make();
      const plan = planWith({ trial_period: 1 });
      const result = applyStateAction(subscription, plan, 'pending', now, STATE_ID);
      if (refusal !== undefined) {
        expect(result).to.deep.equal(
          E.left({ _tag: 'Unprocessable', detail: refusal, code: 'state_transition_not_allowed' }),
        );
        return;
      }
      if (E.isLeft(result)) throw new Error(`refused: ${JSON.stringify(result.left)}`);
      expect(result.right.subscription.goLiveAfter).to.equal(undefined);
      // Paid periods count from the trial's end; the first invoice is due from creation, its trial's start.
      expect(result.right.subscription.billingAnchor).to.deep.equal(new Date('2024-02-29T09:00:00.000Z'));
      expect(result.right.subscription.invoiceAfter).to.deep.equal(subscription.timestamps.createdAt);
      expect(result.right.state).to.deep.include({
        action: 'pending',
        flags: { canceled: false, paused: false, suspended: false, pending: true, closed: false },
      });
      // Long after its former go_live_after it is still waiting.
      expect(standingAt(result.right.subscription, plan, new Date('2030-01-01T00:00:00.000Z'))).to.deep.equal({
        pending: true,
        closed: false,
        status: 'inactive',
      });
    });
  }

  const permissions: ReadonlyArray<[StateAction, 'can_cancel' | 'can_pause' | 'can_resume', () => Subscription]> = [
    ['pause', 'can_pause', running],
    ['pause', 'can_pause', paused],
    ['pause', 'can_pause', () => canceled()],
    ['resume', 'can_resume', paused],
    ['resume', 'can_resume', running],
    ['resume', 'can_resume', () => canceled()],
    ['cancel', 'can_cancel', running],
    ['cancel', 'can_cancel', paused],
    ['cancel', 'can_cancel', () => canceled()],
  ];
  for (const [action, flag, make] of permissions) {
    const subscription = make();
    const stand = subscription.flags.canceled ? 'canceled' : subscription.flags.paused ? 'paused' : 'running';
    it(`forbids ${action} on a ${stand} subscription when ${flag} is false`, () => {
      expect(applyStateAction(subscription, planWith({ [flag]: false }), action, now, STATE_ID)).to.deep.equal(
        E.left({
          _tag: 'Forbidden',
          detail: `the plan does not allow subscribers to ${action}`,
          code: 'plan_not_permitted',
        }),
      );
    });
  }

  it('only asks the flag of the action at hand', () => {
    const plan = planWith({ can_pause: false, can_resume: false });
    expect(E.isRight(applyStateAction(running(), plan, 'cancel', now, STATE_ID))).to.equal(true);
    expect(
      E.isRight(applyStateAction(paused(), planWith({ can_pause: false, can_cancel: false }), 'resume', now, STATE_ID)),
    ).to.equal(true);
    expect(
      E.isRight(
        applyStateAction(running(), planWith({ can_resume: false, can_cancel: false }), 'pause', now, STATE_ID),
      ),
    ).to.equal(true);
  });

  const closingPlan = planWith({ end_behavior: 'close', plan_length: 1 });
  const refusals: ReadonlyArray<[string, StateAction, () => Subscription, PlanAttributes, string]> = [
    ['resume of a running subscription', 'resume', running, planWith(), 'the subscription is not paused'],
    ['pause of a paused subscription', 'pause', paused, planWith(), 'the subscription is already paused'],
    [
      'pause after cancel',
      'pause',
      () => canceled(new Date('2024-12-31T00:00:00.000Z')),
      planWith(),
      'a canceled subscription cannot be paused',
    ],
    [
      'resume after cancel',
      'resume',
      () => canceled(new Date('2024-12-31T00:00:00.000Z')),
      planWith(),
      'a canceled subscription cannot be resumed',
    ],
    [
      'a second cancel',
      'cancel',
      () => canceled(new Date('2024-12-31T00:00:00.000Z')),
      planWith(),
      'a canceled subscription cannot be canceled again',
    ],
    [
      'pause after the end date of a cancel',
      'pause',
      () => canceled(),
      planWith(),
      'a canceled subscription cannot be paused',
    ],
    ['pause once a closing plan ran out', 'pause', running, closingPlan, 'a closed subscription cannot be paused'],
    ['resume once a closing plan ran out', 'resume', paused, closingPlan, 'a closed subscription cannot be resumed'],
    ['cancel once a closing plan ran out', 'cancel', running, closingPlan, 'a closed subscription cannot be canceled'],
  ];
  for (const [label, action, make, plan, detail] of refusals) {
    it(`refuses ${label}`, () => {
      expect(applyStateAction(make(), plan, action, now, STATE_ID)).to.deep.equal(
        E.left({ _tag: 'Unprocessable', detail, code: 'state_transition_not_allowed' }),
      );
    });
  }

  it('allows actions on a closing plan that has not run out', () => {
    const plan = planWith({ end_behavior: 'close', plan_length: 3 });
    const result = applyStateAction(running(), plan, 'cancel', now, STATE_ID, {
      invoicedThrough: new Date('2024-03-31T09:00:00.000Z'),
    });
    expect(E.isRight(result) && result.right.state.flags.closed).to.equal(false);
  });
});
