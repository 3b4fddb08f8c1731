import type * as E from 'fp-ts/lib/Either.js';
import type { Account } from '../../../domain/accounts/account.js';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import type { AccountMembership } from '../../../domain/accounts/account-membership.js';
import type { PasswordProfileInfo } from '../../../domain/authentication-realms/password-profile-info.js';
import type { ChangeEvent } from '../integrations/observed-payloads.js';
import type { LimitReached, ReferenceMissing } from '../storage-outcomes.js';

/** The profile already holds the username, compared without regard to case. */
export type UsernameTaken = { readonly _tag: 'UsernameTaken' };
/** Another member of the store has the email, compared case-insensitively. */
export type EmailTaken = { readonly _tag: 'EmailTaken' };

export const usernameTaken: UsernameTaken = { _tag: 'UsernameTaken' };
export const emailTaken: EmailTaken = { _tag: 'EmailTaken' };

/** A new top-level account of the member's own, with the member's first membership. */
export interface OwnAccount {
  readonly account: Account;
  readonly membership: AccountMembership;
  readonly membershipLimit: number;
}

/** Everything one self-signup stores: the member, their credentials, their own account when the store makes one. */
export interface Signup {
  readonly member: AccountMember;
  readonly credentials: PasswordProfileInfo;
  readonly ownAccount?: OwnAccount;
  readonly events: readonly ChangeEvent[];
}

/**
 * Why a self-signup stored nothing. The username is judged first, then the email: `ReferenceMissing` when
 * the password profile (or the store) was deleted meanwhile, `LimitReached` when the own account's membership
 * would pass `membershipLimit`.
 */
export type SignupRefusal = UsernameTaken | EmailTaken | ReferenceMissing | LimitReached;

/**
 * Storage of self-signups. A signup is one transaction: the credentials, the member, the own account with its
 * membership and the events are stored together or not at all, whatever fails or runs concurrently, so of two
 * signups racing for one username or one email exactly one wins.
 */
export interface SelfSignupRepository {
  signUp(signup: Signup): Promise<E.Either<SignupRefusal, void>>;
}
