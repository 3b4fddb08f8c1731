import { type AccountMemberToken, accountMemberTokenExpiry } from '../../../domain/auth/account-member-token.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { AccountMemberTokenRepository } from '../../ports/auth/account-member-token-repository.js';
import type { Clock, Secrets } from '../../ports/system.js';

const ACCOUNT_MEMBER_TOKEN_BITS = 256;

export interface AccountMemberTokenPorts {
  readonly tokens: AccountMemberTokenRepository;
  readonly secrets: Secrets;
  readonly clock: Clock;
}

export interface AccountMemberTokenGrant {
  readonly storeId: Uuid;
  readonly accountId: Uuid;
  readonly accountMemberId: Uuid;
}

/** A token as handed to the shopper once: its text is never stored, only its hash. */
export interface IssuedAccountMemberToken extends AccountMemberTokenGrant {
  readonly token: string;
  readonly expiresAt: Date;
}

/** Mints a token for a member of an account, once the caller has checked the member belongs to it. */
export const issueAccountMemberToken = async (
  { tokens, secrets, clock }: AccountMemberTokenPorts,
  grant: AccountMemberTokenGrant,
  lifetimeSeconds?: number,
): Promise<IssuedAccountMemberToken> => {
  const token = secrets.random(ACCOUNT_MEMBER_TOKEN_BITS);
  const now = clock.now();
  const stored: AccountMemberToken = {
    tokenHash: secrets.hash(token),
    storeId: grant.storeId,
    accountId: grant.accountId,
    accountMemberId: grant.accountMemberId,
    createdAt: now,
    expiresAt: accountMemberTokenExpiry(now, lifetimeSeconds),
  };
  await tokens.insert(stored);
  return { ...grant, token, expiresAt: stored.expiresAt };
};
