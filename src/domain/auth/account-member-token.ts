import type { Uuid } from '../shared/uuid.js';

/** EPCC: "The time is set to 24 hours after the token is generated." */
export const ACCOUNT_MEMBER_TOKEN_TTL_SECONDS = 24 * 3600;

/** Whose data a shopper's call may reach: one account, as one of its members. */
export interface ShopperScope {
  readonly accountId: Uuid;
  readonly accountMemberId: Uuid;
}

/**
 * An account member token (EPCC's `account_management_authentication_token`) as stored: only the hash of
 * the token text is kept, as for access tokens, so a leaked table grants nothing.
 */
export interface AccountMemberToken extends ShopperScope {
  readonly tokenHash: string;
  readonly storeId: Uuid;
  readonly expiresAt: Date;
}

export const accountMemberTokenExpiry = (now: Date): Date =>
  new Date(now.getTime() + ACCOUNT_MEMBER_TOKEN_TTL_SECONDS * 1000);
