import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import {
  changeAccountMembershipSettings,
  DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS,
  parseAccountMembershipSettingsChanges,
} from '../../../src/domain/settings/account-membership-settings.js';

const TYPE = 'account_membership_setting';

describe('account-membership settings', () => {
  it('default to 10,000 accounts a member may belong to, the most EPCC allows', () => {
    expect(DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS).to.deep.equal({ membershipLimit: 10_000 });
  });

  it('read the limit of a change, take a change without it, and ignore unknown fields', () => {
    expect(parseAccountMembershipSettingsChanges({ type: TYPE, membership_limit: 25, other: 1 })).to.deep.equal(
      E.right({ membershipLimit: 25 }),
    );
    expect(parseAccountMembershipSettingsChanges({ type: TYPE })).to.deep.equal(E.right({}));
  });

  it('list every problem at once, the type of the cart and store settings included', () => {
    expect(parseAccountMembershipSettingsChanges({ type: 'settings', membership_limit: 10_001 })).to.deep.equal(
      E.left([
        { source: 'data.type', detail: `must be '${TYPE}'` },
        { source: 'data.membership_limit', detail: 'must be between 1 and 10000' },
      ]),
    );
    expect(parseAccountMembershipSettingsChanges({ membership_limit: 5 })).to.deep.equal(
      E.left([{ source: 'data.type', detail: 'is required' }]),
    );
    expect(parseAccountMembershipSettingsChanges([])).to.deep.equal(
      E.left([{ source: 'data', detail: 'must be an object' }]),
    );
  });

  const limits: ReadonlyArray<[unknown, string | null]> = [
    [1, null],
    [10_000, null],
    [0, 'must be between 1 and 10000'],
    [-1, 'must be between 1 and 10000'],
    [10_001, 'must be between 1 and 10000'],
    [2.5, 'must be an integer'],
    ['10', 'must be an integer'],
    [null, 'must be an integer'],
    [true, 'must be an integer'],
  ];
  for (const [value, expected] of limits) {
    it(`${expected === null ? 'accepts' : 'refuses'} membership_limit ${JSON.stringify(value)}`, () => {
      const parsed = parseAccountMembershipSettingsChanges({ type: TYPE, membership_limit: value });
      expect(parsed).to.deep.equal(
        expected === null
          ? E.right({ membershipLimit: value })
          : E.left([{ source: 'data.membership_limit', detail: expected }]),
      );
    });
  }

  it('change the limit only when the change names one', () => {
    const current = { membershipLimit: 3 };
    expect(changeAccountMembershipSettings(current, {})).to.deep.equal(current);
    expect(changeAccountMembershipSettings(current, { membershipLimit: 1 })).to.deep.equal({ membershipLimit: 1 });
  });
});
