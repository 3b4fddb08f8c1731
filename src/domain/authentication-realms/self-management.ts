import type { ShopperScope, SignedInShopper } from '../auth/account-member-token.js';
import type { SelfManagement } from '../settings/account-authentication-settings.js';
import { type DomainError, forbidden, notFound } from '../shared/errors.js';
import type { Uuid } from '../shared/uuid.js';
import type { CredentialChanges } from './password-profile-info.js';
import { USER_AUTHENTICATION_INFO_NOT_FOUND } from './user-authentication-info.js';

export const SELF_MANAGEMENT_DISABLED =
  'the store does not let account members change their own details (account_member_self_management is disabled)';

/**
 * Why a shopper may not reach the member a realm's path names (its user-authentication-info and its
 * credentials), or undefined when it may: only with `update_only`, and only its own member. The setting
 * is asked first, so that a store that allows nothing tells nothing of which ids exist; another member,
 * or a path id that is no UUID, is not found, as a record that does not exist.
 */
export const selfManagementRefusal = (
  setting: SelfManagement,
  shopper: ShopperScope,
  pathMemberId: Uuid | undefined,
): DomainError | undefined => {
  if (setting === 'disabled') return forbidden(SELF_MANAGEMENT_DISABLED, 'self_management_disabled');
  return pathMemberId === shopper.accountMemberId ? undefined : notFound(USER_AUTHENTICATION_INFO_NOT_FOUND);
};

/** Which account member tokens of the member a credential change ends: those of its member but `except`. */
export interface EndedTokens {
  readonly except?: string;
}

/**
 * A new password ends the member's sessions, as a careful service does: whoever knew the old one (the
 * reason to change it) is signed out. The shopper who changed it keeps the token it changed it with, so the
 * page it did so from stays signed in; a merchant's change keeps none. A new username alone ends nothing.
 */
export const tokensEndedBy = (
  changes: Pick<CredentialChanges, 'password'>,
  by: SignedInShopper | undefined,
): EndedTokens | undefined => {
  if (changes.password === undefined) return undefined;
  return by === undefined ? {} : { except: by.tokenHash };
};
