import type { Uuid } from '../shared/uuid.js';

/** How long a person has at the provider before the attempt is forgotten. */
export const SIGN_IN_ATTEMPT_MINUTES = 10;

/**
 * A sign-in begun at the provider and not yet finished. Its key is the hash of `state`, so a stolen copy of
 * the store cannot be replayed; it is taken at most once, by the callback that carries that `state`.
 */
export interface OidcSignInAttempt {
  readonly stateHash: string;
  readonly storeId: Uuid;
  readonly realmId: Uuid;
  readonly oidcProfileId: Uuid;
  /** The login prefix the person started from, so a failure can send them back to its page. */
  readonly prefix: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  /** The callback URL the provider was given; the code is exchanged with the same one. */
  readonly redirectUri: string;
  readonly expiresAt: Date;
}

export const attemptExpiry = (now: Date): Date => new Date(now.getTime() + SIGN_IN_ATTEMPT_MINUTES * 60_000);

export const attemptExpired = (attempt: OidcSignInAttempt, now: Date): boolean =>
  now.getTime() >= attempt.expiresAt.getTime();

/** What the provider vouched for in a checked ID token. */
export interface OidcIdentity {
  readonly subject: string;
  readonly issuer: string;
  readonly email?: string;
  readonly emailVerified: boolean;
  readonly name?: string;
}

/**
 * Why a sign-in did not finish, as the sign-in page says it. The provider's own words are not shown: they
 * may carry what its operators did not mean to publish.
 */
export const SIGN_IN_FAILURES = {
  unknown_attempt: 'This sign-in link is unknown or was used already. Start again.',
  expired: 'The sign-in took longer than 10 minutes. Start again.',
  provider_refused: 'The identity provider did not sign you in.',
  provider_unreachable: 'The identity provider could not be reached. Try again later.',
  token_rejected: "The identity provider's answer did not pass its checks.",
  profile_gone: 'This way of signing in was removed.',
  no_email: 'The identity provider did not give an email address, which every person of a store has.',
  email_in_use:
    'A person of this store already has this email address, which the identity provider did not verify. Ask an owner to link your account.',
} as const;
export type SignInFailure = keyof typeof SIGN_IN_FAILURES;

export const PERSON_NAME_MAX = 255;

/** A new person's name: the provider's, else the part of their email before `@`, cut to what a name may hold. */
export const nameForNewPerson = (identity: OidcIdentity & { readonly email: string }): string =>
  [...(identity.name?.trim() || identity.email.split('@')[0] || identity.email)].slice(0, PERSON_NAME_MAX).join('');

/** The email the provider vouches for, the only one a person may be matched by. */
export const verifiedEmail = (identity: OidcIdentity): string | undefined =>
  identity.emailVerified ? identity.email : undefined;
