import { expect } from 'chai';
import { selfManagementRefusal, tokensEndedBy } from '../../../src/domain/authentication-realms/self-management.js';
import type { SelfManagement } from '../../../src/domain/settings/account-authentication-settings.js';
import { parseUuid, type Uuid } from '../../../src/domain/shared/uuid.js';

const uuid = (text: string): Uuid => {
  const id = parseUuid(text);
  if (id === undefined) throw new Error(`${text} is no UUID`);
  return id;
};
const OWN = uuid('0193a1f0-0000-7000-8000-00000000000a');
const OTHER = uuid('0193a1f0-0000-7000-8000-00000000000b');
const shopper = { accountId: uuid('0193a1f0-0000-7000-8000-000000000001'), accountMemberId: OWN, tokenHash: 'h1' };

describe('self-management: what a shopper reaches of a realm member', () => {
  const cases: [SelfManagement, string, Uuid | undefined, string | undefined][] = [
    ['disabled', 'its own member', OWN, 'Forbidden self_management_disabled'],
    ['disabled', 'another member', OTHER, 'Forbidden self_management_disabled'],
    ['disabled', 'a path id that is no UUID', undefined, 'Forbidden self_management_disabled'],
    ['update_only', 'its own member', OWN, undefined],
    ['update_only', 'another member', OTHER, 'NotFound'],
    ['update_only', 'a path id that is no UUID', undefined, 'NotFound'],
  ];
  for (const [setting, what, pathMemberId, expected] of cases)
    it(`${setting}, ${what}: ${expected ?? 'reached'}`, () => {
      const refused = selfManagementRefusal(setting, shopper, pathMemberId);
      const shown =
        refused === undefined ? undefined : [refused._tag, 'code' in refused ? refused.code : undefined].join(' ');
      expect(shown?.trim()).to.equal(expected);
    });
});

describe('self-management: the tokens a credential change ends', () => {
  const cases: [string, { password?: string }, typeof shopper | undefined, ReturnType<typeof tokensEndedBy>][] = [
    ['a new username alone, by the shopper', {}, shopper, undefined],
    ['a new username alone, by the merchant', {}, undefined, undefined],
    ['a new password, by the shopper: all but its own token', { password: 'new secret' }, shopper, { except: 'h1' }],
    ['a new password, by the merchant: every token', { password: 'new secret' }, undefined, {}],
  ];
  for (const [what, changes, by, expected] of cases)
    it(what, () => expect(tokensEndedBy(changes, by)).to.deep.equal(expected));
});
