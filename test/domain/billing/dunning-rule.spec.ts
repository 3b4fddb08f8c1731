import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { DUNNING_RULES, type DunningRuleAttributes } from '../../../src/domain/billing/dunning/dunning-rule.js';
import { applyChanges } from '../../../src/domain/shared/record-parser.js';
import { type Expectation, expectField } from '../../support/field-cases.js';

const VALID = { payment_retry_type: 'fixed', payment_retries_limit: 10, action: 'none' };
const create = (attributes: Record<string, unknown>) =>
  DUNNING_RULES.parseNew({ type: 'subscription_dunning_rule', attributes });
const change = (attributes: Record<string, unknown>) =>
  DUNNING_RULES.parseChanges({ type: 'subscription_dunning_rule', attributes });
const MULTIPLIER_RULE = "may only be set when payment_retry_type is 'backoff' or 'tiered'";

type Case = [string, unknown, Expectation];
const cases: Record<string, ReadonlyArray<Case>> = {
  payment_retry_type: [
    ['fixed', 'fixed', null],
    ['backoff', 'backoff', null],
    ['tiered', 'tiered', null],
    ['Fixed', 'Fixed', "must be one of 'fixed', 'backoff', 'tiered'"],
    ['a number', 1, "must be one of 'fixed', 'backoff', 'tiered'"],
  ],
  payment_retry_interval: [
    ['1', 1, null],
    ['1024', 1024, null],
    ['0', 0, 'must be between 1 and 1024'],
    ['1025', 1025, 'must be between 1 and 1024'],
    ['1.5', 1.5, 'must be an integer'],
    ['a string', '2', 'must be an integer'],
  ],
  payment_retry_unit: [
    ['day', 'day', null],
    ['week', 'week', null],
    ['month', 'month', "must be one of 'day', 'week'"],
    ['days', 'days', "must be one of 'day', 'week'"],
  ],
  payment_retries_limit: [
    ['0', 0, null],
    ['20', 20, null],
    ['-1', -1, 'must be between 0 and 20'],
    ['21', 21, 'must be between 0 and 20'],
    ['2147483647', 2_147_483_647, 'must be between 0 and 20'],
    ['2.5', 2.5, 'must be an integer'],
    ['a boolean', true, 'must be an integer'],
  ],
  action: [
    ['none', 'none', null],
    ['pause', 'pause', null],
    ['close', 'close', null],
    ['suspend', 'suspend', null],
    ['cancel', 'cancel', "must be one of 'none', 'pause', 'close', 'suspend'"],
    ['an empty string', '', "must be one of 'none', 'pause', 'close', 'suspend'"],
  ],
  default: [
    ['true', true, null],
    ['false', false, null],
    ['"true"', 'true', 'must be true or false'],
    ['1', 1, 'must be true or false'],
  ],
};

describe('dunning rules', () => {
  it('reads a new rule and ignores unknown fields', () => {
    expect(
      create({ ...VALID, payment_retry_interval: 2, payment_retry_unit: 'day', default: true, colour: 'blue' }),
    ).to.deep.equal(E.right({ ...VALID, payment_retry_interval: 2, payment_retry_unit: 'day', default: true }));
  });

  it('lists every missing required attribute at once', () => {
    expect(create({})).to.deep.equal(
      E.left(
        ['payment_retry_type', 'payment_retries_limit', 'action'].map((field) => ({
          source: `data.attributes.${field}`,
          detail: 'is required',
        })),
      ),
    );
  });

  it('refuses a wrong type', () => {
    expect(DUNNING_RULES.parseNew({ type: 'subscription_proration_policy', attributes: VALID })).to.deep.equal(
      E.left([{ source: 'data.type', detail: "must be 'subscription_dunning_rule'" }]),
    );
  });

  for (const [field, table] of Object.entries(cases)) {
    for (const [label, value, expected] of table) {
      it(`${expected === null ? 'accepts' : 'refuses'} ${field} ${label}, on create and on update`, () => {
        expectField(create({ ...VALID, [field]: value }), field, value, expected, `data.attributes.${field}`);
        expectField(change({ [field]: value }), field, value, expected, `data.attributes.${field}`);
      });
    }
  }

  const multipliers: ReadonlyArray<Case> = [
    ['1', 1, null],
    ['1024', 1024, null],
    ['1.5', 1.5, null],
    ['0.99', 0.99, 'must be between 1 and 1024'],
    ['1024.5', 1024.5, 'must be between 1 and 1024'],
    ['a string', '2', 'must be a number'],
  ];
  for (const [label, value, expected] of multipliers) {
    for (const type of ['backoff', 'tiered']) {
      it(`${expected === null ? 'accepts' : 'refuses'} payment_retry_multiplier ${label} with a ${type} strategy`, () => {
        expectField(
          create({ ...VALID, payment_retry_type: type, payment_retry_multiplier: value }),
          'payment_retry_multiplier',
          value,
          expected,
          'data.attributes.payment_retry_multiplier',
        );
      });
    }
  }

  it('reads a rule stored before the limit was bounded to 20, and refuses the same limit from a client', () => {
    const stored = { ...VALID, payment_retries_limit: 2_147_483_647 };
    expect(DUNNING_RULES.fromStorage(stored)).to.deep.equal(E.right(stored));
    expect(E.isLeft(create(stored))).to.equal(true);
  });

  it('refuses a multiplier with a fixed strategy', () => {
    expect(create({ ...VALID, payment_retry_type: 'fixed', payment_retry_multiplier: 2 })).to.deep.equal(
      E.left([{ source: 'data.attributes.payment_retry_multiplier', detail: MULTIPLIER_RULE }]),
    );
  });

  it('checks the whole rule after a partial update, so that a change cannot leave a multiplier on a fixed rule', () => {
    const stored: DunningRuleAttributes = {
      ...VALID,
      payment_retry_type: 'backoff',
      payment_retry_multiplier: 2,
    } as DunningRuleAttributes;
    const toFixed = change({ payment_retry_type: 'fixed' });
    if (E.isLeft(toFixed)) throw new Error('the change parses');
    expect(DUNNING_RULES.whole(applyChanges(stored, toFixed.right))).to.deep.equal(
      E.left([{ source: 'data.attributes.payment_retry_multiplier', detail: MULTIPLIER_RULE }]),
    );
    const both = change({ payment_retry_type: 'fixed', payment_retry_multiplier: null });
    if (E.isLeft(both)) throw new Error('the change parses');
    expect(DUNNING_RULES.whole(applyChanges(stored, both.right))).to.deep.equal(E.right({ ...VALID }));
  });

  it('updates: null clears the optional attributes and cannot clear the required ones', () => {
    expect(
      change({ payment_retry_interval: null, payment_retry_unit: null, payment_retry_multiplier: null, default: null }),
    ).to.deep.equal(
      E.right({
        payment_retry_interval: null,
        payment_retry_unit: null,
        payment_retry_multiplier: null,
        default: null,
      }),
    );
    expect(change({ payment_retry_type: null, payment_retries_limit: null, action: null })).to.deep.equal(
      E.left(
        ['payment_retry_type', 'payment_retries_limit', 'action'].map((field) => ({
          source: `data.attributes.${field}`,
          detail: 'cannot be null',
        })),
      ),
    );
  });

  it("marks only the store's default rule as holding the one exclusive value", () => {
    const rule = { ...VALID } as DunningRuleAttributes;
    expect(DUNNING_RULES.exclusiveValue({ ...rule, default: true })).to.equal('default');
    expect(DUNNING_RULES.exclusiveValue({ ...rule, default: false })).to.equal(undefined);
    expect(DUNNING_RULES.exclusiveValue(rule)).to.equal(undefined);
  });
});
