import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { PRORATION_POLICIES } from '../../../src/domain/billing/proration/proration-policy.js';
import { type Expectation, expectField, maxLengthCases, nameCases } from '../../support/field-cases.js';

const VALID = { name: 'Main policy', rounding: 'up' };
const create = (attributes: Record<string, unknown>) =>
  PRORATION_POLICIES.parseNew({ type: 'subscription_proration_policy', attributes });
const change = (attributes: Record<string, unknown>) =>
  PRORATION_POLICIES.parseChanges({ type: 'subscription_proration_policy', attributes });

describe('proration policies', () => {
  it('reads a new policy and ignores unknown fields', () => {
    expect(create({ ...VALID, external_ref: 'ref-1', colour: 'blue' })).to.deep.equal(
      E.right({ ...VALID, external_ref: 'ref-1' }),
    );
  });

  it('lists every missing required attribute at once, null counting as missing', () => {
    const missing = E.left(
      ['name', 'rounding'].map((field) => ({ source: `data.attributes.${field}`, detail: 'is required' })),
    );
    expect(create({})).to.deep.equal(missing);
    expect(create({ name: null, rounding: null, external_ref: null })).to.deep.equal(missing);
  });

  it('refuses a missing or wrong type, and attributes that are not an object', () => {
    expect(PRORATION_POLICIES.parseNew({ attributes: VALID })).to.deep.equal(
      E.left([{ source: 'data.type', detail: 'is required' }]),
    );
    expect(PRORATION_POLICIES.parseNew({ type: 'subscription_dunning_rule', attributes: VALID })).to.deep.equal(
      E.left([{ source: 'data.type', detail: "must be 'subscription_proration_policy'" }]),
    );
    expect(PRORATION_POLICIES.parseChanges({ type: 'subscription_proration_policy', attributes: [] })).to.deep.equal(
      E.left([{ source: 'data.attributes', detail: 'must be an object' }]),
    );
  });

  for (const [label, value, expected] of nameCases) {
    it(`${expected === null ? 'accepts' : 'refuses'} a name of ${label}, on create and on update`, () => {
      expectField(create({ ...VALID, name: value }), 'name', value, expected, 'data.attributes.name');
      expectField(change({ name: value }), 'name', value, expected, 'data.attributes.name');
    });
  }

  const roundings: ReadonlyArray<[unknown, Expectation]> = [
    ['up', null],
    ['down', null],
    ['nearest', null],
    ['UP', "must be one of 'up', 'down', 'nearest'"],
    ['', "must be one of 'up', 'down', 'nearest'"],
    [1, "must be one of 'up', 'down', 'nearest'"],
  ];
  for (const [value, expected] of roundings) {
    it(`${expected === null ? 'accepts' : 'refuses'} the rounding ${JSON.stringify(value)}, on create and on update`, () => {
      expectField(create({ ...VALID, rounding: value }), 'rounding', value, expected, 'data.attributes.rounding');
      expectField(change({ rounding: value }), 'rounding', value, expected, 'data.attributes.rounding');
    });
  }

  for (const [label, value, expected] of maxLengthCases(2048)) {
    it(`${expected === null ? 'accepts' : 'refuses'} an external_ref of ${label}`, () => {
      expectField(
        create({ ...VALID, external_ref: value }),
        'external_ref',
        value,
        expected,
        'data.attributes.external_ref',
      );
    });
  }

  it('updates: null clears external_ref, and cannot clear name or rounding', () => {
    expect(change({})).to.deep.equal(E.right({}));
    expect(change({ external_ref: null })).to.deep.equal(E.right({ external_ref: null }));
    expect(change({ name: null, rounding: null })).to.deep.equal(
      E.left([
        { source: 'data.attributes.name', detail: 'cannot be null' },
        { source: 'data.attributes.rounding', detail: 'cannot be null' },
      ]),
    );
  });

  it('holds its external_ref as the value no other policy of the store may hold', () => {
    expect(PRORATION_POLICIES.exclusiveValue({ name: 'abc', rounding: 'up', external_ref: 'r' })).to.equal('r');
    expect(PRORATION_POLICIES.exclusiveValue({ name: 'abc', rounding: 'up' })).to.equal(undefined);
  });

  it('decodes stored attributes with the same rules, naming the stored record', () => {
    expect(PRORATION_POLICIES.fromStorage(VALID)).to.deep.equal(E.right(VALID));
    expect(PRORATION_POLICIES.fromStorage({ ...VALID, rounding: 'sideways' })).to.deep.equal(
      E.left([{ source: 'proration policy.rounding', detail: "must be one of 'up', 'down', 'nearest'" }]),
    );
  });
});
