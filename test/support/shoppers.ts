import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { ACCOUNT_TOKENS } from '../../src/application/account-tokens.js';
import { TOKENS } from '../../src/application/tokens.js';
import { issueAccountMemberToken } from '../../src/application/use-cases/auth/account-member-tokens.js';
import type { Account } from '../../src/domain/accounts/account.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { aMember, aMembership, anAccount } from './account-builders.js';

/** A shopper as a storefront holds it: its account, its member id and the token it signed in with. */
export interface Shopper {
  readonly storeId: Uuid;
  readonly accountId: Uuid;
  readonly accountMemberId: Uuid;
  readonly token: string;
}

/** A new member of the account, signed in: the token is minted through the token port, as sign-in mints it. */
export const aMemberOf = async (container: Container, account: Account): Promise<Shopper> => {
  const member = aMember(account.storeId);
  const stored = [
    await container.get(ACCOUNT_TOKENS.AccountMemberRepository).insert(member, []),
    await container.get(ACCOUNT_TOKENS.AccountMembershipRepository).insert(aMembership(account, member), 1000, []),
  ];
  if (!stored.every(E.isRight)) throw new Error('member not stored');
  const grant = { storeId: account.storeId, accountId: account.id, accountMemberId: member.id };
  const issued = await issueAccountMemberToken(
    {
      tokens: container.get(TOKENS.AccountMemberTokenRepository),
      secrets: container.get(TOKENS.Secrets),
      clock: container.get(TOKENS.Clock),
    },
    grant,
  );
  return { ...grant, token: issued.token };
};

/** A new account of the store. */
export const anAccountOf = async (container: Container, storeId: Uuid): Promise<Account> => {
  const account = anAccount(storeId);
  const stored = await container.get(ACCOUNT_TOKENS.AccountRepository).insert(account, []);
  if (E.isLeft(stored)) throw new Error('account not stored');
  return account;
};

/** A new account of the store with one member, signed in. */
export const aShopper = async (container: Container, storeId: Uuid): Promise<Shopper> =>
  aMemberOf(container, await anAccountOf(container, storeId));

/** The header a storefront sends the shopper's account member token in, beside its implicit token. */
export const shopperHeaders = (shopper: Pick<Shopper, 'token'>) => ({
  'EP-Account-Management-Authentication-Token': shopper.token,
});
