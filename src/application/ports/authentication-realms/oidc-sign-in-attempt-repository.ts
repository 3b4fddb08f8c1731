import type { OidcSignInAttempt } from '../../../domain/authentication-realms/oidc-sign-in.js';

/**
 * Sign-ins begun at an identity provider, kept in storage every instance of the service shares, so that
 * whichever instance the provider's redirect reaches can finish it.
 */
export interface OidcSignInAttemptRepository {
  save(attempt: OidcSignInAttempt): Promise<void>;
  /**
   * Removes the attempt keyed by `stateHash` and gives it back, once: of two callbacks racing with one
   * `state`, exactly one gets it, expired or not (the caller says which). Every other attempt whose expiry is
   * at or before `now` is removed as well.
   */
  take(stateHash: string, now: Date): Promise<OidcSignInAttempt | undefined>;
}
