import type * as E from 'fp-ts/lib/Either.js';
import type { OidcIdentity } from '../../../domain/authentication-realms/oidc-sign-in.js';

/** What the provider is asked to sign a person in for. */
export interface AuthorizationRequest {
  readonly redirectUri: string;
  readonly state: string;
  readonly nonce: string;
  /** The PKCE verifier; the provider is sent only its S256 challenge. */
  readonly codeVerifier: string;
}

/** The client a profile registers at its provider. */
export interface OidcClient {
  readonly discoveryUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

/** The provider did not answer, or answered with no usable discovery document. */
export type ProviderUnreachable = { readonly _tag: 'ProviderUnreachable'; readonly detail: string };
/** The provider sent the person back with an error instead of a code. */
export type ProviderRefused = { readonly _tag: 'ProviderRefused' };
/** The code exchange or the ID token failed a check (signature, issuer, audience, nonce, expiry, PKCE). */
export type TokenRejected = { readonly _tag: 'TokenRejected' };

/**
 * An OpenID Connect provider, reached by discovery: the authorization code flow with PKCE, `state` and
 * `nonce`, whose checks of the ID token are the library's, not ours.
 */
export interface OpenIdProvider {
  /** The `issuer` of the client's discovery document. */
  issuer(client: OidcClient): Promise<E.Either<ProviderUnreachable, string>>;
  /** Where to send the person's browser. */
  authorizationUrl(client: OidcClient, request: AuthorizationRequest): Promise<E.Either<ProviderUnreachable, URL>>;
  /**
   * Exchanges the code of the callback URL for a checked ID token, given what the authorization request
   * was made with; the callback's `state` was checked by the caller when it found the attempt.
   */
  finish(
    client: OidcClient,
    callbackUrl: URL,
    request: AuthorizationRequest,
  ): Promise<E.Either<ProviderUnreachable | ProviderRefused | TokenRejected, OidcIdentity>>;
}
