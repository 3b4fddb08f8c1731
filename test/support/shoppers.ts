import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { ACCOUNT_TOKENS } from '../../src/application/account-tokens.js';
import { TOKENS } from '../../src/application/tokens.js';
import { issueAccountMemberToken } from '../../src/application/use-cases/auth/account-member-tokens.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { aMember, aMembership, anAccount } from './account-builders.js';

/** A shopper as a storefront holds it: its account, its member id and the token it signed in with. */
export interface Shopper {
  readonly storeId: Uuid;
  readonly accountId: Uuid;
  readonly accountMemberId: Uuid;
  readonly token: string;
}

/** An account of the store with one member, signed in: the token is minted through the token port, as sign-in mints it. */
export const aShopper = async (container: Container, storeId: Uuid): Promise<Shopper> => {
  const account = anAccount(storeId);
  const member = aMember(storeId);
  const stored = [
    await container.get(ACCOUNT_TOKENS.AccountRepository).insert(account, []),
    await container.get(ACCOUNT_TOKENS.AccountMemberRepository).insert(member, []),
    await container.get(ACCOUNT_TOKENS.AccountMembershipRepository).insert(aMembership(account, member), 1000, []),
  ];
  if (!stored.every(E.isRight)) throw new Error('shopper not stored');
  const issued = await issueAccountMemberToken(
    {
      tokens: container.get(TOKENS.AccountMemberTokenRepository),
      secrets: container.get(TOKENS.Secrets),
      clock: container.get(TOKENS.Clock),
    },
    { storeId, accountId: account.id, accountMemberId: member.id },
  );
  return { storeId, accountId: account.id, accountMemberId: member.id, token: issued.token };
};

/** The headers of a storefront's call: its implicit token and the shopper's account member token. */
export const shopperHeaders = (shopper: Pick<Shopper, 'token'>) => ({
  'EP-Account-Management-Authentication-Token': shopper.token,
});
