import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { parseUuid, type Uuid } from '../../src/domain/shared/uuid.js';
import type { PlanAttributes } from '../../src/domain/subscription/plan.js';
import { parseNewSubscription, parseStateAction } from '../../src/domain/subscription/subscription-input.js';
import { applyStateAction } from '../../src/domain/subscription/subscription-state.js';
import { PLAN_ATTRIBUTES } from '../support/subscription-builders.js';
import { invoiceAfter, standingAt, type StateAction, type Subscription, type SubscriptionFlags, type SubscriptionTimestamps } from '../../src/domain/subscription/subscription.js';

type Expectation = string | null;

const uuid = (n: number): Uuid => {
  const id = parseUuid(`00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`);
  if (id === undefined) throw new Error(`not a UUID: ${n}`);
  return id;
};

describe('new subscriptions', () => {
  const VALID = {
    account_id: uuid(1),
    offering_id: uuid(2),
    plan_id: uuid(3),
    currency: 'USD',
    name: 'Jane Doe',
    email: 'jane@example.com',
    payment_authority: { type: 'platform_payments_processor' },
  };
  const subscription = (fields: Record<string, unknown>) => parseNewSubscription({ ...VALID, ...fields });

  const expectField = (field: string, value: unknown, expected: Expectation, source = `data.${field}`): void => {
    const result = subscription({ [field]: value });
    if (expected === null) expect(result).to.deep.equal(E.right({ ...VALID, [field]: value }));
    else expect(result).to.deep.equal(E.left([{ source, detail: expected }]));
  };

  it('reads a request with the required fields only', () => {
    expect(parseNewSubscription(VALID)).to.deep.equal(E.right(VALID));
  });

  it('reads a complete request and ignores unknown fields', () => {
    const complete = {
      ...VALID,
      external_ref: 'crm-77',
      manual_payments: true,
      payment_authority: { type: 'platform_payments_processor', customer_id: 'cus_123', card_id: 'card_456' },
    };
    expect(parseNewSubscription({ ...complete, status: 'active', payment_authority: { ...complete.payment_authority, token: 't' } })).to.deep.equal(E.right(complete));
  });

  for (const field of ['account_id', 'offering_id', 'plan_id']) {
    const ids: ReadonlyArray<[string, unknown, Expectation]> = [
      ['a UUID', uuid(9), null],
      ['a UUID without hyphens', uuid(9).replaceAll('-', ''), 'must be a UUID'],
      ['text', 'account-1', 'must be a UUID'],
      ['a number', 9, 'must be a UUID'],
    ];
    for (const [label, value, expected] of ids) {
      it(`${expected === null ? 'accepts' : 'refuses'} ${label} as ${field}`, () => {
        expectField(field, value, expected);
      });
    }

    it(`stores ${field} in lower case`, () => {
      expect(subscription({ [field]: uuid(0xabc).toUpperCase() })).to.deep.equal(E.right({ ...VALID, [field]: uuid(0xabc) }));
    });
  }

  const CURRENCY = 'must be a three-letter uppercase currency code';
  const currencies: ReadonlyArray<[unknown, Expectation]> = [
    ['USD', null],
    ['JPY', null],
    ['usd', CURRENCY],
    ['Usd', CURRENCY],
    ['US', CURRENCY],
    ['USDT', CURRENCY],
    ['U$D', CURRENCY],
    ['', CURRENCY],
    [840, CURRENCY],
  ];
  for (const [currency, expected] of currencies) {
    it(`${expected === null ? 'accepts' : 'refuses'} the currency ${JSON.stringify(currency)}`, () => {
      expectField('currency', currency, expected);
    });
  }

  const LENGTH = 'must be 3 to 1024 characters long';
  const names: ReadonlyArray<[string, unknown, Expectation]> = [
    ['2 code points', 'Jo', LENGTH],
    ['3 code points', 'Joe', null],
    ['1024 code points', 'j'.repeat(1024), null],
    ['1025 code points', 'j'.repeat(1025), LENGTH],
    ['3 astral code points', '😀😀😀', null],
    ['1025 astral code points', '😀'.repeat(1025), LENGTH],
    ['a number', 7, 'must be a string'],
  ];
  for (const [label, name, expected] of names) {
    it(`${expected === null ? 'accepts' : 'refuses'} a name of ${label}`, () => {
      expectField('name', name, expected);
    });
  }

  const EMAIL = 'must be an email address';
  const emails: ReadonlyArray<[string, unknown, Expectation]> = [
    ['a plain address', 'jane@example.com', null],
    ['a tagged address', 'a+b@x.com', null],
    ['non-ASCII letters', 'zoë@exämple.org', null],
    ['3 code points', 'a@b', null],
    ['1024 code points', `${'a'.repeat(1018)}@x.com`, null],
    ['1025 code points', `${'a'.repeat(1019)}@x.com`, LENGTH],
    ['2 code points', 'a@', LENGTH],
    ['no at sign', 'no-at-sign', EMAIL],
    ['a space', 'a b@x.com', EMAIL],
    ['a tab', 'a\t@x.com', EMAIL],
    ['two at signs', 'a@b@x.com', EMAIL],
    ['nothing before the at sign', '@x.com', EMAIL],
    ['nothing after the at sign', 'jane@', EMAIL],
    ['a number', 42, 'must be a string'],
  ];
  for (const [label, email, expected] of emails) {
    it(`${expected === null ? 'accepts' : 'refuses'} an email with ${label}`, () => {
      expectField('email', email, expected);
    });
  }

  const AUTHORITY_TYPE = "must be 'platform_payments_processor'";
  const authorities: ReadonlyArray<[string, unknown, ReadonlyArray<{ source: string; detail: string }> | null]> = [
    ['the type only', { type: 'platform_payments_processor' }, null],
    ['ids of 3 code points', { type: 'platform_payments_processor', customer_id: 'cus', card_id: 'car' }, null],
    ['ids of 1024 code points', { type: 'platform_payments_processor', customer_id: 'c'.repeat(1024), card_id: 'k'.repeat(1024) }, null],
    [
      'ids of 2 code points',
      { type: 'platform_payments_processor', customer_id: 'cu', card_id: 'ca' },
      [
        { source: 'data.payment_authority.customer_id', detail: LENGTH },
        { source: 'data.payment_authority.card_id', detail: LENGTH },
      ],
    ],
    [
      'ids of 1025 code points',
      { type: 'platform_payments_processor', customer_id: 'c'.repeat(1025), card_id: 'k'.repeat(1025) },
      [
        { source: 'data.payment_authority.customer_id', detail: LENGTH },
        { source: 'data.payment_authority.card_id', detail: LENGTH },
      ],
    ],
    ['no type', { customer_id: 'cus_1' }, [{ source: 'data.payment_authority.type', detail: 'is required' }]],
    ['another type', { type: 'stripe' }, [{ source: 'data.payment_authority.type', detail: AUTHORITY_TYPE }]],
    ['text in place of the object', 'platform_payments_processor', [{ source: 'data.payment_authority', detail: 'must be an object' }]],
    ['a list in place of the object', [{ type: 'platform_payments_processor' }], [{ source: 'data.payment_authority', detail: 'must be an object' }]],
    ['null', null, [{ source: 'data.payment_authority', detail: 'is required' }]],
  ];
  for (const [label, authority, problems] of authorities) {
    it(`${problems === null ? 'accepts' : 'refuses'} a payment authority with ${label}`, () => {
      const result = subscription({ payment_authority: authority });
      expect(result).to.deep.equal(problems === null ? E.right({ ...VALID, payment_authority: authority }) : E.left(problems));
    });
  }

  it('requires the payment authority', () => {
    const { payment_authority: _, ...rest } = VALID;
    expect(parseNewSubscription(rest)).to.deep.equal(E.left([{ source: 'data.payment_authority', detail: 'is required' }]));
  });

  const refs: ReadonlyArray<[string, unknown, Expectation]> = [
    ['0 code points', '', null],
    ['2048 code points', 'r'.repeat(2048), null],
    ['2049 code points', 'r'.repeat(2049), 'must be at most 2048 characters long'],
  ];
  for (const [label, ref, expected] of refs) {
    it(`${expected === null ? 'accepts' : 'refuses'} an external_ref of ${label}`, () => {
      expectField('external_ref', ref, expected);
    });
  }

  const manual: ReadonlyArray<[unknown, Expectation]> = [
    [true, null],
    [false, null],
    ['yes', 'must be true or false'],
    [0, 'must be true or false'],
  ];
  for (const [value, expected] of manual) {
    it(`${expected === null ? 'accepts' : 'refuses'} manual_payments ${JSON.stringify(value)}`, () => {
      expectField('manual_payments', value, expected);
    });
  }

  it('lists every missing required field at once', () => {
    expect(parseNewSubscription({})).to.deep.equal(
      E.left(['account_id', 'offering_id', 'plan_id', 'currency', 'name', 'email', 'payment_authority'].map((field) => ({ source: `data.${field}`, detail: 'is required' }))),
    );
  });

  it('lists every problem at once, each with its path', () => {
    expect(
      parseNewSubscription({
        account_id: 'a',
        offering_id: uuid(2),
        plan_id: uuid(3),
        currency: 'usd',
        name: 'Jo',
        email: 'no-at-sign',
        payment_authority: { type: 'card', card_id: 'x' },
        external_ref: 'r'.repeat(2049),
        manual_payments: 'no',
      }),
    ).to.deep.equal(
      E.left([
        { source: 'data.account_id', detail: 'must be a UUID' },
        { source: 'data.currency', detail: CURRENCY },
        { source: 'data.name', detail: LENGTH },
        { source: 'data.email', detail: EMAIL },
        { source: 'data.payment_authority.type', detail: AUTHORITY_TYPE },
        { source: 'data.payment_authority.card_id', detail: LENGTH },
        { source: 'data.external_ref', detail: 'must be at most 2048 characters long' },
        { source: 'data.manual_payments', detail: 'must be true or false' },
      ]),
    );
  });

  it('refuses data that is not an object', () => {
    expect(parseNewSubscription('subscription')).to.deep.equal(E.left([{ source: 'data', detail: 'must be an object' }]));
  });
});

describe('state actions', () => {
  const ACTION = "must be one of 'cancel', 'pause', 'resume'";
  const request = (action: unknown) => parseStateAction({ type: 'subscription_state', attributes: { action } });

  const actions: ReadonlyArray<[unknown, Expectation]> = [
    ['cancel', null],
    ['pause', null],
    ['resume', null],
    ['pending', ACTION],
    ['stop', ACTION],
    ['Pause', ACTION],
    ['', ACTION],
    [1, ACTION],
    [null, 'is required'],
    [undefined, 'is required'],
  ];
  for (const [action, expected] of actions) {
    it(`${expected === null ? 'accepts' : 'refuses'} the action ${JSON.stringify(action)}`, () => {
      expect(request(action)).to.deep.equal(expected === null ? E.right(action) : E.left([{ source: 'data.attributes.action', detail: expected }]));
    });
  }

  const envelopes: ReadonlyArray<[string, unknown, ReadonlyArray<{ source: string; detail: string }>]> = [
    ['no type', { attributes: { action: 'pause' } }, [{ source: 'data.type', detail: 'is required' }]],
    ['another type', { type: 'subscription', attributes: { action: 'pause' } }, [{ source: 'data.type', detail: "must be 'subscription_state'" }]],
    ['no attributes', { type: 'subscription_state' }, [{ source: 'data.attributes', detail: 'must be an object' }]],
    ['the action outside attributes', { type: 'subscription_state', action: 'pause' }, [{ source: 'data.attributes', detail: 'must be an object' }]],
    [
      'a wrong type and a wrong action',
      { type: 'state', attributes: { action: 'stop' } },
      [
        { source: 'data.type', detail: "must be 'subscription_state'" },
        { source: 'data.attributes.action', detail: ACTION },
      ],
    ],
    ['data that is not an object', ['pause'], [{ source: 'data', detail: 'must be an object' }]],
  ];
  for (const [label, data, problems] of envelopes) {
    it(`refuses a request with ${label}`, () => {
      expect(parseStateAction(data)).to.deep.equal(E.left(problems));
    });
  }
});

const CREATED = new Date('2024-01-31T09:00:00.000Z');
const STATE_ID = uuid(77);

const planWith = (extra: Partial<PlanAttributes> = {}): PlanAttributes => ({ ...PLAN_ATTRIBUTES, ...extra });

const subscriptionWith = (flags: Partial<SubscriptionFlags> = {}, timestamps: Partial<SubscriptionTimestamps> = {}): Subscription => ({
  id: uuid(10),
  storeId: uuid(11),
  accountId: uuid(12),
  offeringId: uuid(13),
  offeringVersionId: uuid(14),
  planId: uuid(15),
  currency: 'USD',
  name: 'Jane Doe',
  email: 'jane@example.com',
  paymentAuthority: { type: 'platform_payments_processor' },
  manualPayments: false,
  flags: { canceled: false, paused: false, suspended: false, pending: false, ...flags },
  timestamps: { createdAt: CREATED, updatedAt: CREATED, ...timestamps },
  invoiceAfter: new Date('2024-02-14T09:00:00.000Z'),
});

const running = () => subscriptionWith();
const paused = () => subscriptionWith({ paused: true }, { pausedAt: new Date('2024-02-01T00:00:00.000Z') });
const canceled = (endDate = new Date('2024-02-29T09:00:00.000Z')) =>
  subscriptionWith({ canceled: true }, { canceledAt: new Date('2024-02-01T00:00:00.000Z'), endDate });

describe('subscription state changes', () => {
  const now = new Date('2024-03-10T15:00:00.000Z');

  it('pauses a running subscription, which stays active', () => {
    const subscription = running();
    const result = applyStateAction(subscription, planWith(), 'pause', now, STATE_ID);
    const flags = { canceled: false, paused: true, suspended: false, pending: false };
    const state = { id: STATE_ID, subscriptionId: subscription.id, action: 'pause', createdAt: now, flags: { ...flags, closed: false }, invoiceAfter: subscription.invoiceAfter };
    expect(result).to.deep.equal(E.right({ subscription: { ...subscription, flags, timestamps: { createdAt: CREATED, updatedAt: now, pausedAt: now }, state }, state }));
    if (E.isRight(result)) expect(standingAt(result.right.subscription, planWith(), now)).to.deep.equal({ closed: false, status: 'active' });
  });

  it('resumes a paused subscription and keeps when it was paused', () => {
    const subscription = paused();
    const result = applyStateAction(subscription, planWith(), 'resume', now, STATE_ID);
    const flags = { canceled: false, paused: false, suspended: false, pending: false };
    const state = { id: STATE_ID, subscriptionId: subscription.id, action: 'resume', createdAt: now, flags: { ...flags, closed: false }, invoiceAfter: subscription.invoiceAfter };
    expect(result).to.deep.equal(
      E.right({
        subscription: { ...subscription, flags, timestamps: { ...subscription.timestamps, updatedAt: now, resumedAt: now }, state },
        state,
      }),
    );
  });

  it('cancels at the end of the current billing period, staying active until then', () => {
    const subscription = running();
    const result = applyStateAction(subscription, planWith(), 'cancel', now, STATE_ID);
    const flags = { canceled: true, paused: false, suspended: false, pending: false };
    const endDate = new Date('2024-03-31T09:00:00.000Z');
    const state = { id: STATE_ID, subscriptionId: subscription.id, action: 'cancel', createdAt: now, flags: { ...flags, closed: false }, invoiceAfter: subscription.invoiceAfter };
    expect(result).to.deep.equal(
      E.right({ subscription: { ...subscription, flags, timestamps: { createdAt: CREATED, updatedAt: now, canceledAt: now, endDate }, state }, state }),
    );
    if (E.isRight(result)) {
      const canceledSubscription = result.right.subscription;
      expect(standingAt(canceledSubscription, planWith(), new Date('2024-03-31T08:59:59.999Z'))).to.deep.equal({ closed: false, status: 'active' });
      expect(standingAt(canceledSubscription, planWith(), endDate)).to.deep.equal({ closed: true, status: 'inactive' });
    }
  });

  it('cancels at the end of a quarterly period', () => {
    const result = applyStateAction(running(), planWith({ billing_frequency: 3 }), 'cancel', now, STATE_ID);
    expect(E.isRight(result) && result.right.subscription.timestamps.endDate?.toISOString()).to.equal('2024-04-30T09:00:00.000Z');
  });

  it('cancels at the next period end when asked exactly at a boundary', () => {
    const result = applyStateAction(running(), planWith(), 'cancel', new Date('2024-02-29T09:00:00.000Z'), STATE_ID);
    expect(E.isRight(result) && result.right.subscription.timestamps.endDate?.toISOString()).to.equal('2024-03-31T09:00:00.000Z');
  });

  it('cancels a paused subscription and clears the pause', () => {
    const result = applyStateAction(paused(), planWith(), 'cancel', now, STATE_ID);
    expect(E.isRight(result) && result.right.state.flags).to.deep.equal({ canceled: true, paused: false, suspended: false, pending: false, closed: false });
    expect(E.isRight(result) && result.right.subscription.timestamps.pausedAt?.toISOString()).to.equal('2024-02-01T00:00:00.000Z');
  });

  it('keeps the suspended and pending flags as they were', () => {
    const result = applyStateAction(subscriptionWith({ suspended: true, pending: true }), planWith(), 'pause', now, STATE_ID);
    expect(E.isRight(result) && result.right.state.flags).to.deep.equal({ canceled: false, paused: true, suspended: true, pending: true, closed: false });
  });

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
        E.left({ _tag: 'Forbidden', detail: `the plan does not allow subscribers to ${action}` }),
      );
    });
  }

  it('only asks the flag of the action at hand', () => {
    const plan = planWith({ can_pause: false, can_resume: false });
    expect(E.isRight(applyStateAction(running(), plan, 'cancel', now, STATE_ID))).to.equal(true);
    expect(E.isRight(applyStateAction(paused(), planWith({ can_pause: false, can_cancel: false }), 'resume', now, STATE_ID))).to.equal(true);
    expect(E.isRight(applyStateAction(running(), planWith({ can_resume: false, can_cancel: false }), 'pause', now, STATE_ID))).to.equal(true);
  });

  const closingPlan = planWith({ end_behavior: 'close', plan_length: 1 });
  const refusals: ReadonlyArray<[string, StateAction, () => Subscription, PlanAttributes, string]> = [
    ['resume of a running subscription', 'resume', running, planWith(), 'the subscription is not paused'],
    ['pause of a paused subscription', 'pause', paused, planWith(), 'the subscription is already paused'],
    ['pause after cancel', 'pause', () => canceled(new Date('2024-12-31T00:00:00.000Z')), planWith(), 'a canceled subscription cannot be paused'],
    ['resume after cancel', 'resume', () => canceled(new Date('2024-12-31T00:00:00.000Z')), planWith(), 'a canceled subscription cannot be resumed'],
    ['a second cancel', 'cancel', () => canceled(new Date('2024-12-31T00:00:00.000Z')), planWith(), 'a canceled subscription cannot be canceled again'],
    ['pause after the end date of a cancel', 'pause', () => canceled(), planWith(), 'a canceled subscription cannot be paused'],
    ['pause once a closing plan ran out', 'pause', running, closingPlan, 'a closed subscription cannot be paused'],
    ['resume once a closing plan ran out', 'resume', paused, closingPlan, 'a closed subscription cannot be resumed'],
    ['cancel once a closing plan ran out', 'cancel', running, closingPlan, 'a closed subscription cannot be canceled'],
  ];
  for (const [label, action, make, plan, detail] of refusals) {
    it(`refuses ${label}`, () => {
      expect(applyStateAction(make(), plan, action, now, STATE_ID)).to.deep.equal(E.left({ _tag: 'Unprocessable', detail }));
    });
  }

  it('allows actions on a closing plan that has not run out', () => {
    const plan = planWith({ end_behavior: 'close', plan_length: 3 });
    const result = applyStateAction(running(), plan, 'cancel', now, STATE_ID);
    expect(E.isRight(result) && result.right.state.flags.closed).to.equal(false);
  });
});

describe('subscription standing', () => {
  const ACTIVE = { closed: false, status: 'active' };
  const CLOSED = { closed: true, status: 'inactive' };
  const endDate = new Date('2024-02-29T09:00:00.000Z');

  const cases: ReadonlyArray<[string, Subscription, PlanAttributes | undefined, string, typeof ACTIVE | typeof CLOSED]> = [
    ['a running subscription', running(), planWith(), '2030-01-01T00:00:00.000Z', ACTIVE],
    ['a paused subscription', paused(), planWith(), '2030-01-01T00:00:00.000Z', ACTIVE],
    ['a canceled subscription before its end date', canceled(endDate), planWith(), '2024-02-29T08:59:59.999Z', ACTIVE],
    ['a canceled subscription at its end date', canceled(endDate), planWith(), '2024-02-29T09:00:00.000Z', CLOSED],
    ['a canceled subscription after its end date', canceled(endDate), planWith(), '2025-01-01T00:00:00.000Z', CLOSED],
    ['a canceled subscription after its end date, without a plan', canceled(endDate), undefined, '2025-01-01T00:00:00.000Z', CLOSED],
    ['a rolling plan long past its length', running(), planWith({ plan_length: 1 }), '2124-01-01T00:00:00.000Z', ACTIVE],
    ['a closing plan just before it runs out', running(), planWith({ end_behavior: 'close' }), '2025-01-31T08:59:59.999Z', ACTIVE],
    ['a closing plan as it runs out', running(), planWith({ end_behavior: 'close' }), '2025-01-31T09:00:00.000Z', CLOSED],
    ['a paused subscription of a closing plan that ran out', paused(), planWith({ end_behavior: 'close' }), '2025-06-01T00:00:00.000Z', CLOSED],
    ['a closing weekly plan of 4 weeks, at 27 days', running(), planWith({ end_behavior: 'close', billing_interval_type: 'week', plan_length: 4 }), '2024-02-27T09:00:00.000Z', ACTIVE],
    ['a closing weekly plan of 4 weeks, at 28 days', running(), planWith({ end_behavior: 'close', billing_interval_type: 'week', plan_length: 4 }), '2024-02-28T09:00:00.000Z', CLOSED],
    ['a closing plan, without the plan at hand', running(), undefined, '2030-01-01T00:00:00.000Z', ACTIVE],
  ];
  for (const [label, subscription, plan, now, expected] of cases) {
    it(`is ${expected.status} for ${label}`, () => {
      expect(standingAt(subscription, plan, new Date(now))).to.deep.equal(expected);
    });
  }

  it('closes a closing plan after plan_length intervals, whatever the billing frequency', () => {
    const plan = planWith({ end_behavior: 'close', billing_frequency: 3, plan_length: 12 });
    expect(standingAt(running(), plan, new Date('2025-01-31T08:59:59.999Z'))).to.deep.equal(ACTIVE);
    expect(standingAt(running(), plan, new Date('2025-01-31T09:00:00.000Z'))).to.deep.equal(CLOSED);
  });
});

describe('first invoice', () => {
  const cases: ReadonlyArray<[string, Partial<PlanAttributes>, string]> = [
    ['without a trial', {}, '2024-01-31T09:00:00.000Z'],
    ['with a trial of 0', { trial_period: 0 }, '2024-01-31T09:00:00.000Z'],
    ['after a 14-day trial', { billing_interval_type: 'day', trial_period: 14 }, '2024-02-14T09:00:00.000Z'],
    ['after a 2-week trial', { billing_interval_type: 'week', trial_period: 2 }, '2024-02-14T09:00:00.000Z'],
    ['after a 1-month trial from the 31st', { trial_period: 1 }, '2024-02-29T09:00:00.000Z'],
    ['after a 1-year trial', { billing_interval_type: 'year', trial_period: 1 }, '2025-01-31T09:00:00.000Z'],
    ['after a trial counted in intervals, not billing periods', { billing_interval_type: 'week', billing_frequency: 3, trial_period: 2 }, '2024-02-14T09:00:00.000Z'],
  ];
  for (const [label, plan, expected] of cases) {
    it(`is raised ${label}`, () => {
      expect(invoiceAfter(CREATED, planWith(plan)).toISOString()).to.equal(expected);
    });
  }
});
