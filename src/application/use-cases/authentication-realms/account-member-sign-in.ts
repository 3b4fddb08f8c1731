import type { Account } from '../../../domain/accounts/account.js';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { AccountMemberTokenRepository } from '../../ports/auth/account-member-token-repository.js';
import type { Clock, Secrets } from '../../ports/system.js';
import { type IssuedAccountMemberToken, issueAccountMemberToken } from '../auth/account-member-tokens.js';

/** One token of a signed-in member, for one account, with the account's name as EPCC answers it. */
export interface AccountToken extends IssuedAccountMemberToken {
  readonly accountName: string;
}

/**
 * What a sign-in gives: a token per account the member may act for (none for a member of no account, who
 * is told who they are and can be added to an account later), and the member's id.
 */
export interface SignedIn {
  readonly accountMemberId: Uuid;
  readonly tokens: readonly AccountToken[];
}

export interface TokenPorts {
  readonly tokens: AccountMemberTokenRepository;
  readonly secrets: Secrets;
  readonly clock: Clock;
}

/** Mints one token per account, each living as long as the store's setting says. */
export const signedIn = async (
  ports: TokenPorts,
  member: AccountMember,
  accounts: readonly Account[],
  lifetimeSeconds: number,
): Promise<SignedIn> => {
  const tokens: AccountToken[] = [];
  for (const account of accounts) {
    const issued = await issueAccountMemberToken(
      ports,
      { storeId: member.storeId, accountId: account.id, accountMemberId: member.id },
      lifetimeSeconds,
    );
    tokens.push({ ...issued, accountName: account.name });
  }
  return { accountMemberId: member.id, tokens };
};
