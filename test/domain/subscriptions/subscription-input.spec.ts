import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { parseNewSubscription, parseStateChange } from '../../../src/domain/subscriptions/subscription-input.js';
import { uuid } from '../../support/domain-builders.js';
import type { Expectation } from '../../support/field-cases.js';

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
    expect(
      parseNewSubscription({
        ...complete,
        status: 'active',
        payment_authority: { ...complete.payment_authority, token: 't' },
      }),
    ).to.deep.equal(E.right(complete));
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
      expect(subscription({ [field]: uuid(0xabc).toUpperCase() })).to.deep.equal(
        E.right({ ...VALID, [field]: uuid(0xabc) }),
      );
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

  const AUTHORITY_TYPE =
    "must be one of 'platform_payments_processor', 'elastic_path_payments_stripe', 'authorize_net'";
  const authorities: ReadonlyArray<[string, unknown, ReadonlyArray<{ source: string; detail: string }> | null]> = [
    ['the type only', { type: 'platform_payments_processor' }, null],
    ['ids of 3 code points', { type: 'platform_payments_processor', customer_id: 'cus', card_id: 'car' }, null],
    [
      'ids of 1024 code points',
      { type: 'platform_payments_processor', customer_id: 'c'.repeat(1024), card_id: 'k'.repeat(1024) },
      null,
    ],
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
    [
      'text in place of the object',
      'platform_payments_processor',
      [{ source: 'data.payment_authority', detail: 'must be an object' }],
    ],
    [
      'a list in place of the object',
      [{ type: 'platform_payments_processor' }],
      [{ source: 'data.payment_authority', detail: 'must be an object' }],
    ],
    ['null', null, [{ source: 'data.payment_authority', detail: 'is required' }]],
  ];
  for (const [label, authority, problems] of authorities) {
    it(`${problems === null ? 'accepts' : 'refuses'} a payment authority with ${label}`, () => {
      const result = subscription({ payment_authority: authority });
      expect(result).to.deep.equal(
        problems === null ? E.right({ ...VALID, payment_authority: authority }) : E.left(problems),
      );
    });
  }

  it('requires the payment authority', () => {
    const { payment_authority: _, ...rest } = VALID;
    expect(parseNewSubscription(rest)).to.deep.equal(
      E.left([{ source: 'data.payment_authority', detail: 'is required' }]),
    );
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
      E.left(
        ['account_id', 'offering_id', 'plan_id', 'currency', 'name', 'email', 'payment_authority'].map((field) => ({
          source: `data.${field}`,
          detail: 'is required',
        })),
      ),
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
    expect(parseNewSubscription('subscription')).to.deep.equal(
      E.left([{ source: 'data', detail: 'must be an object' }]),
    );
  });
});

describe('state actions', () => {
  const ACTION = "must be one of 'cancel', 'pause', 'resume', 'pending', 'go_live'";
  const request = (action: unknown) => parseStateChange({ type: 'subscription_state', attributes: { action } });

  const actions: ReadonlyArray<[unknown, Expectation]> = [
    ['cancel', null],
    ['pause', null],
    ['resume', null],
    ['pending', null],
    ['go_live', null],
    ['stop', ACTION],
    ['Pause', ACTION],
    ['', ACTION],
    [1, ACTION],
    [null, 'is required'],
    [undefined, 'is required'],
  ];
  for (const [action, expected] of actions) {
    it(`${expected === null ? 'accepts' : 'refuses'} the action ${JSON.stringify(action)}`, () => {
      expect(request(action)).to.deep.equal(
        expected === null
          ? E.right({ action, cancelImmediately: false })
          : E.left([{ source: 'data.attributes.action', detail: expected }]),
      );
    });
  }

  const envelopes: ReadonlyArray<[string, unknown, ReadonlyArray<{ source: string; detail: string }>]> = [
    ['no type', { attributes: { action: 'pause' } }, [{ source: 'data.type', detail: 'is required' }]],
    [
      'another type',
      { type: 'subscription', attributes: { action: 'pause' } },
      [{ source: 'data.type', detail: "must be 'subscription_state'" }],
    ],
    ['no attributes', { type: 'subscription_state' }, [{ source: 'data.attributes', detail: 'must be an object' }]],
    [
      'the action outside attributes',
      { type: 'subscription_state', action: 'pause' },
      [{ source: 'data.attributes', detail: 'must be an object' }],
    ],
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
      expect(parseStateChange(data)).to.deep.equal(E.left(problems));
    });
  }
});

describe('Domain: a state change with cancel_immediately (EPCC 2026)', () => {
  const change = (attributes: Record<string, unknown>) => parseStateChange({ type: 'subscription_state', attributes });
  const cases: [string, Record<string, unknown>, unknown][] = [
    [
      'a cancel without it: at the end of what was invoiced',
      { action: 'cancel' },
      E.right({ action: 'cancel', cancelImmediately: false }),
    ],
    [
      'a cancel with it false',
      { action: 'cancel', cancel_immediately: false },
      E.right({ action: 'cancel', cancelImmediately: false }),
    ],
    [
      'a cancel with it null',
      { action: 'cancel', cancel_immediately: null },
      E.right({ action: 'cancel', cancelImmediately: false }),
    ],
    [
      'a cancel with it true',
      { action: 'cancel', cancel_immediately: true },
      E.right({ action: 'cancel', cancelImmediately: true }),
    ],
    [
      'a pause with it false',
      { action: 'pause', cancel_immediately: false },
      E.right({ action: 'pause', cancelImmediately: false }),
    ],
    [
      'a pause with it true',
      { action: 'pause', cancel_immediately: true },
      E.left([{ source: 'data.attributes.cancel_immediately', detail: 'is only for the cancel action' }]),
    ],
    [
      'a cancel with it "yes"',
      { action: 'cancel', cancel_immediately: 'yes' },
      E.left([{ source: 'data.attributes.cancel_immediately', detail: 'must be true or false' }]),
    ],
  ];
  for (const [name, attributes, expected] of cases)
    it(`reads ${name}`, () => {
      expect(change(attributes)).to.deep.equal(expected);
    });
});
