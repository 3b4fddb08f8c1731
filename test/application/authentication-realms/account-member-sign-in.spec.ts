import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { scryptPasswordHasher } from '../../../src/adapters/system/scrypt-password-hasher.js';
import { ACCOUNT_TOKENS } from '../../../src/application/account-tokens.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../../src/application/authentication-realm-tokens.js';
import { INTEGRATION_TOKENS } from '../../../src/application/integration-tokens.js';
import type { PasswordHasher } from '../../../src/application/ports/auth/password-hasher.js';
import { TOKENS } from '../../../src/application/tokens.js';
import {
  CreateAccountMemberTokens,
  CreatePasswordProfile,
  CreatePasswordProfileInfo,
  CreateUserAuthenticationInfo,
  DeleteUserAuthenticationInfo,
  UpdateAccountAuthenticationSettings,
} from '../../../src/application/use-cases/authentication-realms/authentication-realms-use-cases.js';
import { usernameTaken } from '../../../src/application/use-cases/authentication-realms/password-profile-infos.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import { buildContainer } from '../../../src/container.js';
import { ACCOUNT_MEMBER_LIST } from '../../../src/domain/accounts/account-member-query.js';
import { ACCOUNT_LIST } from '../../../src/domain/accounts/account-query.js';
import { INVALID_SIGN_IN } from '../../../src/domain/authentication-realms/account-member-token-request.js';
import { PASSWORD_PROFILE_NOT_FOUND } from '../../../src/domain/authentication-realms/password-profile.js';
import { EMAIL_TAKEN } from '../../../src/domain/authentication-realms/user-authentication-info.js';
import { DELIVERY_LIST } from '../../../src/domain/integrations/integration-query.js';
import { conflict, notFound, unauthenticated } from '../../../src/domain/shared/errors.js';
import { anIntegration } from '../../support/integration-builders.js';
import { listQuery } from '../../support/list-queries.js';

const PASSWORD = 'correct horse battery';

/** A hasher at the least cost, that counts the verifications it was asked for, and with what. */
const countingHasher = () => {
  const real = scryptPasswordHasher({ logN: 10, r: 8, p: 1 });
  const verified: ('stored' | 'none')[] = [];
  const hasher: PasswordHasher = {
    hash: (password) => real.hash(password),
    verify: (password, stored) => {
      verified.push(stored === undefined ? 'none' : 'stored');
      return real.verify(password, stored);
    },
  };
  return { hasher, verified };
};

describe('account member sign-in (use cases on in-memory storage)', () => {
  const setup = async () => {
    const container = buildContainer({ kind: 'memory' });
    const counting = countingHasher();
    container.rebind(T.PasswordHasher).toConstantValue(counting.hasher);
    const created = await container.get(CreateStore).execute('Shop');
    if (E.isLeft(created)) throw new Error('no store');
    const storeId = created.right.store.id;
    const realmId = (await container.get(T.AuthenticationRealmRepository).findByStore(storeId))?.id ?? '';
    const profile = await container
      .get(CreatePasswordProfile)
      .execute(storeId, realmId, { type: 'password_profile', name: 'P' });
    const member = await container.get(CreateUserAuthenticationInfo).execute(storeId, realmId, {
      type: 'user_authentication_info',
      name: 'Ron',
      email: 'ron@example.com',
    });
    if (E.isLeft(profile) || E.isLeft(member)) throw new Error('not set up');
    await container.get(CreatePasswordProfileInfo).execute(storeId, realmId, member.right.id, {
      type: 'user_authentication_password_profile_info',
      username: 'ron',
      password: PASSWORD,
      password_profile_id: profile.right.id,
    });
    const signIn = (username: string, password: string) =>
      container.get(CreateAccountMemberTokens).execute(
        storeId,
        {
          type: 'account_management_authentication_token',
          authentication_mechanism: 'password',
          password_profile_id: profile.right.id,
          username,
          password,
        },
        undefined,
      );
    return {
      container,
      storeId,
      realmId,
      profileId: profile.right.id,
      member: member.right,
      signIn,
      verified: counting.verified,
    };
  };

  it('spends one key derivation on an unknown username as on a wrong password, and refuses both alike', async () => {
    const { signIn, verified } = await setup();
    expect(await signIn('nobody', PASSWORD)).to.deep.equal(E.left(unauthenticated(INVALID_SIGN_IN)));
    expect(await signIn('ron', 'wrong password')).to.deep.equal(E.left(unauthenticated(INVALID_SIGN_IN)));
    expect(verified).to.deep.equal(['none', 'stored']);
  });

  it("mints tokens that live as long as the store's setting says", async () => {
    const { container, storeId, signIn, member } = await setup();
    await container.get(UpdateAccountAuthenticationSettings).execute(storeId, {
      type: 'account_authentication_settings',
      account_management_authentication_token_timeout_secs: 120,
    });
    const now = new Date();
    const account = {
      id: container.get(TOKENS.IdGenerator).uuid(),
      storeId,
      name: 'Home',
      ancestorIds: [],
      createdAt: now,
      updatedAt: now,
    };
    const membership = {
      id: container.get(TOKENS.IdGenerator).uuid(),
      storeId,
      accountId: account.id,
      accountMemberId: member.id,
      createdAt: now,
      updatedAt: now,
    };
    await container.get(ACCOUNT_TOKENS.AccountRepository).insertWithMembership(account, membership, 10, []);
    const signed = await signIn('ron', PASSWORD);
    if (E.isLeft(signed)) throw new Error('not signed in');
    const [token] = signed.right.tokens;
    expect(token?.accountName).to.equal('Home');
    expect((token?.expiresAt.getTime() ?? 0) - now.getTime()).to.be.within(119_000, 121_000);
  });

  it('deleting the user takes its credentials and its tokens: it can no longer sign in, nor use a token it held', async () => {
    const { container, storeId, realmId, member, signIn } = await setup();
    const now = new Date();
    const ids = container.get(TOKENS.IdGenerator);
    const account = { id: ids.uuid(), storeId, name: 'Home', ancestorIds: [], createdAt: now, updatedAt: now };
    await container
      .get(ACCOUNT_TOKENS.AccountRepository)
      .insertWithMembership(
        account,
        { id: ids.uuid(), storeId, accountId: account.id, accountMemberId: member.id, createdAt: now, updatedAt: now },
        10,
        [],
      );
    const signed = await signIn('ron', PASSWORD);
    if (E.isLeft(signed)) throw new Error('not signed in');
    const held = signed.right.tokens[0]?.token ?? '';
    expect(E.isRight(await container.get(DeleteUserAuthenticationInfo).execute(storeId, realmId, member.id))).to.equal(
      true,
    );
    expect(await signIn('ron', PASSWORD)).to.deep.equal(E.left(unauthenticated(INVALID_SIGN_IN)));
    const secrets = container.get(TOKENS.Secrets);
    expect(
      await container.get(TOKENS.AccountMemberTokenRepository).findActive(secrets.hash(held), new Date()),
    ).to.equal(undefined);
  });

  it('signs a shopper up whole, with the three events, and a refused signup leaves no member, account or event', async () => {
    const { container, storeId, profileId } = await setup();
    await container.get(UpdateAccountAuthenticationSettings).execute(storeId, {
      type: 'account_authentication_settings',
      enable_self_signup: true,
      auto_create_account_for_account_members: true,
    });
    const integrations = container.get(INTEGRATION_TOKENS.IntegrationRepository);
    const watching = anIntegration(storeId, {
      observes: ['account-member.created', 'account.created', 'account-membership.created'],
    });
    await integrations.insert(watching);
    const signup = (username: string, email: string, passwordProfileId = profileId) =>
      container.get(CreateAccountMemberTokens).execute(
        storeId,
        {
          type: 'account_management_authentication_token',
          authentication_mechanism: 'self_signup',
          password_profile_id: passwordProfileId,
          username,
          password: PASSWORD,
          name: 'Leslie Knope',
          email,
        },
        undefined,
      );
    const seen = async () => ({
      members: (
        await container.get(ACCOUNT_TOKENS.AccountMemberRepository).list(storeId, listQuery(ACCOUNT_MEMBER_LIST))
      ).total,
      accounts: (await container.get(ACCOUNT_TOKENS.AccountRepository).list(storeId, listQuery(ACCOUNT_LIST))).total,
      events: (await integrations.listDeliveries(storeId, watching.id, listQuery(DELIVERY_LIST, { limit: 100 }))).items
        .map((d) => d.key)
        .sort(),
    });
    const made = await signup('leslie', 'leslie@example.com');
    if (E.isLeft(made)) throw new Error('not signed up');
    expect(made.right.tokens.map((t) => t.accountName)).to.deep.equal(['Leslie Knope']);
    const after = await seen();
    expect(after).to.deep.equal({
      members: 2,
      accounts: 1,
      events: ['account-member.created', 'account-membership.created', 'account.created'],
    });
    expect(await signup('RON', 'new@example.com')).to.deep.equal(E.left(usernameTaken()));
    expect(await signup('ann', 'RON@example.com')).to.deep.equal(E.left(conflict(EMAIL_TAKEN, 'email_taken')));
    expect(await signup('ann', 'ann@example.com', container.get(TOKENS.IdGenerator).uuid())).to.deep.equal(
      E.left(notFound(PASSWORD_PROFILE_NOT_FOUND)),
    );
    expect(await seen()).to.deep.equal(after);
    // The username of the signup refused for its email was not kept.
    expect(E.isRight(await signup('ann', 'ann@example.com'))).to.equal(true);
  });
});
