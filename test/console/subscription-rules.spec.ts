import { expect } from 'chai';
import {
  allowedActions,
  type PlanRules,
  type SubscriptionFlags,
  stateOf,
} from '../../console/src/subscription-rules.js';

const flags = (set: Partial<SubscriptionFlags> = {}): SubscriptionFlags => ({
  status: 'active',
  canceled: false,
  paused: false,
  closed: false,
  pending: false,
  suspended: false,
  ...set,
});
const EVERYTHING: PlanRules = { can_pause: true, can_resume: true, can_cancel: true };

describe('Console: where a subscription stands', () => {
  const table: [Partial<SubscriptionFlags>, string][] = [
    [{}, 'active'],
    [{ status: 'inactive' }, 'inactive'],
    [{ pending: true, status: 'inactive' }, 'pending'],
    [{ suspended: true }, 'suspended'],
    [{ paused: true }, 'paused'],
    [{ paused: true, canceled: true }, 'canceled'],
    [{ canceled: true, closed: true, status: 'inactive' }, 'closed'],
  ];
  for (const [set, expected] of table)
    it(`${JSON.stringify(set)} → ${expected}`, () => expect(stateOf(flags(set))).to.equal(expected));
});

describe('Console: the actions it offers', () => {
  const table: [string, Partial<SubscriptionFlags>, PlanRules | undefined, string[]][] = [
    ['active, any plan', {}, EVERYTHING, ['pause', 'cancel']],
    ['paused', { paused: true }, EVERYTHING, ['resume', 'cancel']],
    ['canceled, still running to its end date', { canceled: true }, EVERYTHING, []],
    ['closed', { closed: true, status: 'inactive' }, EVERYTHING, []],
    ['a plan that cannot pause', {}, { ...EVERYTHING, can_pause: false }, ['cancel']],
    ['paused under a plan that cannot resume', { paused: true }, { ...EVERYTHING, can_resume: false }, ['cancel']],
    ['a plan that cannot cancel', {}, { ...EVERYTHING, can_cancel: false }, ['pause']],
    ['a plan that allows nothing', {}, { can_pause: false, can_resume: false, can_cancel: false }, []],
    ['the plan not read yet', {}, undefined, ['pause', 'cancel']],
  ];
  for (const [name, set, plan, expected] of table)
    it(`${name}: ${expected.join(', ') || 'none'}`, () =>
      expect(allowedActions(flags(set), plan)).to.deep.equal(expected));
});
