import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import {
  parseNewSubscriber,
  parseSubscriberChanges,
  subscriberAttributesFromStorage,
} from '../../../src/domain/subscriptions/subscriber.js';
import { type Expectation, emailCases, expectField, nameCases } from '../../support/field-cases.js';

const ACCOUNT = '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60';
const VALID = { account_id: ACCOUNT, name: 'Ada Lovelace', email: 'ada@example.com' };
const create = (attributes: Record<string, unknown>) =>
  parseNewSubscriber({ type: 'subscription_subscriber', attributes });
const change = (attributes: Record<string, unknown>) =>
  parseSubscriberChanges({ type: 'subscription_subscriber', id: ACCOUNT, attributes });

describe('subscribers', () => {
  it('reads a new subscriber and ignores unknown fields', () => {
    expect(
      parseNewSubscriber({
        type: 'subscription_subscriber',
        id: 'x',
        attributes: { ...VALID, colour: 'blue', external_ref: 'r' },
      }),
    ).to.deep.equal(E.right(VALID));
  });

  it('lists every missing attribute at once', () => {
    expect(create({})).to.deep.equal(
      E.left(
        ['account_id', 'name', 'email'].map((field) => ({ source: `data.attributes.${field}`, detail: 'is required' })),
      ),
    );
    expect(create({ account_id: null, name: null, email: null })).to.deep.equal(create({}));
  });

  const envelopes: ReadonlyArray<[string, unknown, ReadonlyArray<{ source: string; detail: string }>]> = [
    ['data that is not an object', 'subscriber', [{ source: 'data', detail: 'must be an object' }]],
    ['null data', null, [{ source: 'data', detail: 'must be an object' }]],
    ['a missing type', { attributes: VALID }, [{ source: 'data.type', detail: 'is required' }]],
    [
      'a wrong type',
      { type: 'subscriber', attributes: VALID },
      [{ source: 'data.type', detail: "must be 'subscription_subscriber'" }],
    ],
    [
      'missing attributes',
      { type: 'subscription_subscriber' },
      [{ source: 'data.attributes', detail: 'must be an object' }],
    ],
    [
      'attributes that are a list',
      { type: 'subscription_subscriber', attributes: [] },
      [{ source: 'data.attributes', detail: 'must be an object' }],
    ],
  ];
  for (const [label, data, problems] of envelopes) {
    it(`refuses ${label}, on create and on update`, () => {
      expect(parseNewSubscriber(data)).to.deep.equal(E.left(problems));
      expect(parseSubscriberChanges(data)).to.deep.equal(E.left(problems));
    });
  }

  const accounts: ReadonlyArray<[string, unknown, Expectation]> = [
    ['a lower-case UUID', ACCOUNT, null],
    ['a UUID with surrounding space', ` ${ACCOUNT}`, 'must be a UUID'],
    ['a UUID without dashes', ACCOUNT.replaceAll('-', ''), 'must be a UUID'],
    ['a UUID one digit short', ACCOUNT.slice(1), 'must be a UUID'],
    ['an empty string', '', 'must be a UUID'],
    ['a number', 7, 'must be a UUID'],
  ];
  for (const [label, value, expected] of accounts) {
    it(`${expected === null ? 'accepts' : 'refuses'} an account_id of ${label}`, () => {
      expectField(create({ ...VALID, account_id: value }), 'account_id', value, expected, 'data.attributes.account_id');
    });
  }

  it('keeps an upper-case account_id in lower case, as ids are compared', () => {
    expect(create({ ...VALID, account_id: ACCOUNT.toUpperCase() })).to.deep.equal(E.right(VALID));
  });

  for (const [label, value, expected] of nameCases) {
    it(`${expected === null ? 'accepts' : 'refuses'} a name of ${label}, on create and on update`, () => {
      expectField(create({ ...VALID, name: value }), 'name', value, expected, 'data.attributes.name');
      expectField(change({ name: value }), 'name', value, expected, 'data.attributes.name');
    });
  }

  for (const [label, value, expected] of emailCases) {
    it(`${expected === null ? 'accepts' : 'refuses'} an email with ${label}, on create and on update`, () => {
      expectField(create({ ...VALID, email: value }), 'email', value, expected, 'data.attributes.email');
      expectField(change({ email: value }), 'email', value, expected, 'data.attributes.email');
    });
  }

  describe('updates', () => {
    it('leave out what is not given, and take no account_id', () => {
      expect(change({})).to.deep.equal(E.right({}));
      expect(change({ email: 'grace@example.com', account_id: ACCOUNT, unknown: 1 })).to.deep.equal(
        E.right({ email: 'grace@example.com' }),
      );
    });

    it('refuse null on the name and the email, which every subscriber has', () => {
      expect(change({ name: null, email: null })).to.deep.equal(
        E.left([
          { source: 'data.attributes.name', detail: 'cannot be null' },
          { source: 'data.attributes.email', detail: 'cannot be null' },
        ]),
      );
    });
  });

  it('decodes stored columns with the same rules, naming the stored record', () => {
    expect(subscriberAttributesFromStorage(VALID)).to.deep.equal(E.right(VALID));
    expect(subscriberAttributesFromStorage({ ...VALID, email: 'broken' })).to.deep.equal(
      E.left([{ source: 'subscriber.email', detail: 'must be an email address' }]),
    );
  });
});
