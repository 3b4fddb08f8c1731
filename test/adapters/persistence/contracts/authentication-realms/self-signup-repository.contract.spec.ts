import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../../../../src/application/authentication-realm-tokens.js';
import { INTEGRATION_TOKENS } from '../../../../../src/application/integration-tokens.js';
import {
  emailTaken,
  type Signup,
  usernameTaken,
} from '../../../../../src/application/ports/authentication-realms/self-signup-repository.js';
import { limitReached, referenceMissing } from '../../../../../src/application/ports/storage-outcomes.js';
import {
  ACCOUNT_EVENTS,
  ACCOUNT_MEMBER_EVENTS,
  ACCOUNT_MEMBERSHIP_EVENTS,
} from '../../../../../src/domain/accounts/account-events.js';
import { ACCOUNT_MEMBER_LIST } from '../../../../../src/domain/accounts/account-member-query.js';
import { ACCOUNT_LIST } from '../../../../../src/domain/accounts/account-query.js';
import type { PasswordProfile } from '../../../../../src/domain/authentication-realms/password-profile.js';
import { DELIVERY_LIST } from '../../../../../src/domain/integrations/integration-query.js';
import { aMember, aMembership, anAccount, nth } from '../../../../support/account-builders.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { anIntegration } from '../../../../support/integration-builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';

const SIGNUP_KEYS = ['account-member.created', 'account.created', 'account-membership.created'] as const;

forEachBackend('Self-signup repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const records = storeRecords(aStore());
    await ports.stores.create(records);
    const storeId = records.store.id;
    const profile: PasswordProfile = {
      id: randomIds.uuid(),
      storeId,
      realmId: records.accountRealm.id,
      name: 'Shoppers',
      usernameFormat: 'any',
      enableOneTimePasswordToken: false,
      createdAt: nth(0),
      updatedAt: nth(0),
    };
    const profiles = ports.container.get(T.PasswordProfileRepository);
    await profiles.insert(profile);
    const integrations = ports.container.get(INTEGRATION_TOKENS.IntegrationRepository);
    const watching = anIntegration(storeId, { observes: [...SIGNUP_KEYS] });
    await integrations.insert(watching);
    const credentials = ports.container.get(T.PasswordProfileInfoRepository);
    /** A signup of `username` and `email`, with an account of the member's own under `limit` (none when `null`). */
    const aSignup = (username: string, email: string, limit: number | null = 1): Signup => {
      const member = aMember(storeId, { email });
      const account = anAccount(storeId, { name: member.name });
      const membership = aMembership(account, member);
      const ownAccount = limit === null ? undefined : { account, membership, membershipLimit: limit };
      return {
        member,
        credentials: {
          id: randomIds.uuid(),
          storeId,
          accountMemberId: member.id,
          passwordProfileId: profile.id,
          username,
          passwordHash: '$scrypt$ln=14,r=8,p=1$c2FsdA==$aGFzaA==',
          createdAt: nth(0),
          updatedAt: nth(0),
        },
        ...(ownAccount && { ownAccount }),
        events: [
          ACCOUNT_MEMBER_EVENTS.created(member),
          ...(ownAccount === undefined
            ? []
            : [ACCOUNT_EVENTS.created(account), ACCOUNT_MEMBERSHIP_EVENTS.created(membership)]),
        ],
      };
    };
    /** Everything a signup could have left in the store. */
    const stored = async (signup: Signup) => ({
      credentials: await credentials.find({ storeId, accountMemberId: signup.member.id }, signup.credentials.id),
      member: await ports.accountMembers.findById(storeId, signup.member.id),
      account: signup.ownAccount && (await ports.accounts.findById(storeId, signup.ownAccount.account.id)),
      membership:
        signup.ownAccount &&
        (await ports.accountMemberships.find(storeId, signup.ownAccount.account.id, signup.member.id)),
    });
    const totals = async () => ({
      members: (await ports.accountMembers.list(storeId, listQuery(ACCOUNT_MEMBER_LIST))).total,
      accounts: (await ports.accounts.list(storeId, listQuery(ACCOUNT_LIST))).total,
      events: (await integrations.listDeliveries(storeId, watching.id, listQuery(DELIVERY_LIST, { limit: 100 }))).items
        .map((d) => d.key)
        .sort(),
    });
    const signups = ports.container.get(T.SelfSignupRepository);
    return { ...ports, storeId, profile, profiles, records, signups, aSignup, stored, totals };
  };
  const nothingOf = (signup: Signup) => ({
    credentials: undefined,
    member: undefined,
    account: signup.ownAccount && undefined,
    membership: signup.ownAccount && undefined,
  });

  it('stores the credentials, the member, their own account and membership and the three events together', async () => {
    const { signups, aSignup, stored, totals } = await setup();
    const signup = aSignup('Ron', 'ron@example.com');
    expect(await signups.signUp(signup)).to.deep.equal(E.right(undefined));
    expect(await stored(signup)).to.deep.equal({
      credentials: signup.credentials,
      member: signup.member,
      account: signup.ownAccount?.account,
      membership: signup.ownAccount?.membership,
    });
    expect(await totals()).to.deep.equal({ members: 1, accounts: 1, events: [...SIGNUP_KEYS].sort() });
  });

  it('stores the member and credentials alone when no account is asked for', async () => {
    const { signups, aSignup, stored, totals } = await setup();
    const signup = aSignup('ann', 'ann@example.com', null);
    expect(await signups.signUp(signup)).to.deep.equal(E.right(undefined));
    expect(await stored(signup)).to.deep.equal({
      credentials: signup.credentials,
      member: signup.member,
      account: undefined,
      membership: undefined,
    });
    expect(await totals()).to.deep.equal({ members: 1, accounts: 0, events: ['account-member.created'] });
  });

  it('leaves nothing at all behind when a step refuses: username, email, the profile, the membership limit', async () => {
    const { signups, aSignup, stored, totals, profiles, records, profile } = await setup();
    await signups.signUp(aSignup('Ron', 'ron@example.com'));
    const before = await totals();
    const refusals = [
      [aSignup('RON', 'other@example.com'), usernameTaken],
      // The username is judged first: a signup that would take both is told the username.
      [aSignup('ron', 'RON@example.com'), usernameTaken],
      [aSignup('leslie', 'Ron@Example.com'), emailTaken],
      [aSignup('leslie', 'leslie@example.com', 0), limitReached],
    ] as const;
    for (const [signup, refusal] of refusals) {
      expect(await signups.signUp(signup)).to.deep.equal(E.left(refusal));
      expect(await stored(signup)).to.deep.equal(nothingOf(signup));
    }
    expect(await totals()).to.deep.equal(before);
    await profiles.delete({ storeId: records.store.id, realmId: records.accountRealm.id }, profile.id);
    const orphan = aSignup('april', 'april@example.com');
    expect(await signups.signUp(orphan)).to.deep.equal(E.left(referenceMissing));
    expect(await stored(orphan)).to.deep.equal(nothingOf(orphan));
    expect(await totals()).to.deep.equal(before);
  });

  it('lets exactly one of many signups racing for one username win, and one of many racing for one email', async () => {
    const { signups, aSignup, totals } = await setup();
    const forUsername = Array.from({ length: 6 }, (_, n) =>
      aSignup(n % 2 === 0 ? 'race' : 'RACE', `u${n}@example.com`),
    );
    const forEmail = Array.from({ length: 6 }, (_, n) =>
      aSignup(`e${n}`, n % 2 === 0 ? 'race@example.com' : 'RACE@example.com'),
    );
    const [byUsername, byEmail] = await Promise.all([
      Promise.all(forUsername.map((s) => signups.signUp(s))),
      Promise.all(forEmail.map((s) => signups.signUp(s))),
    ]);
    expect(byUsername.filter(E.isRight)).to.have.length(1);
    expect(byUsername.filter(E.isLeft).map((r) => r.left)).to.deep.equal(Array(5).fill(usernameTaken));
    expect(byEmail.filter(E.isRight)).to.have.length(1);
    expect(byEmail.filter(E.isLeft).map((r) => r.left)).to.deep.equal(Array(5).fill(emailTaken));
    const { members, accounts, events } = await totals();
    expect({ members, accounts, events: events.length }).to.deep.equal({ members: 2, accounts: 2, events: 6 });
  });
});
