import type { Uuid } from '../shared/uuid.js';

/** EPCC: "The time is set to 24 hours after the token is generated." */
export const ACCOUNT_MEMBER_TOKEN_TTL_SECONDS = 24 * 3600;

/** Whose data a shopper's call may reach: one account, as one of its members. */
export interface ShopperScope {
  readonly accountId: Uuid;
  readonly accountMemberId: Uuid;
}

/** A shopper as one request carries it: its scope, and the hash of the account member token it came with. */
export interface SignedInShopper extends ShopperScope {
  readonly tokenHash: string;
}

/**
 * An account member token (EPCC's `account_management_authentication_token`) as stored: only the hash of
 * the token text is kept, as for access tokens, so a leaked table grants nothing.
 */
export interface AccountMemberToken extends SignedInShopper {
  readonly storeId: Uuid;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** `lifetimeSeconds` is the store's `account_management_authentication_token_timeout_secs`. */
export const accountMemberTokenExpiry = (now: Date, lifetimeSeconds: number = ACCOUNT_MEMBER_TOKEN_TTL_SECONDS): Date =>
  new Date(now.getTime() + lifetimeSeconds * 1000);
