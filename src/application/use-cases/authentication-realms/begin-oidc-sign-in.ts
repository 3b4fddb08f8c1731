import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { attemptExpiry, type SignInFailure } from '../../../domain/authentication-realms/oidc-sign-in.js';
import { parseUuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { OidcProfileRepository } from '../../ports/authentication-realms/oidc-profile-repository.js';
import type { OidcSignInAttemptRepository } from '../../ports/authentication-realms/oidc-sign-in-attempt-repository.js';
import type { OpenIdProvider } from '../../ports/authentication-realms/openid-provider.js';
import type { MerchantRealmMappingRepository } from '../../ports/realm-mappings/merchant-realm-mapping-repository.js';
import type { Clock, Secrets } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

/** `state`, `nonce` and the PKCE verifier: each far beyond guessing. */
const SIGN_IN_SECRET_BITS = 256;

/** Where to send the browser, and the `state` the callback must bring back. */
export interface BegunSignIn {
  readonly authorizationUrl: URL;
  readonly state: string;
}

/** No store's merchant realm has the prefix, or the realm has no such profile. */
export type NoSuchSignIn = { readonly _tag: 'NoSuchSignIn' };
/** The sign-in could not start; the person goes back to the prefix's sign-in page with the reason. */
export type SignInNotBegun = {
  readonly _tag: 'SignInNotBegun';
  readonly prefix: string;
  readonly reason: SignInFailure;
};

/**
 * Starts a person's sign-in through one of the OpenID Connect profiles of the merchant realm a login prefix
 * names: the attempt is kept (keyed by the hash of its `state`) for ten minutes, and the browser is sent to
 * the provider with the `state`, the `nonce` and the PKCE challenge.
 */
@injectable()
export class BeginOidcSignIn {
  constructor(
    @inject(TOKENS.MerchantRealmMappingRepository) private readonly mappings: MerchantRealmMappingRepository,
    @inject(T.OidcProfileRepository) private readonly profiles: OidcProfileRepository,
    @inject(T.OidcSignInAttemptRepository) private readonly attempts: OidcSignInAttemptRepository,
    @inject(T.OpenIdProvider) private readonly provider: OpenIdProvider,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.Secrets) private readonly secrets: Secrets,
  ) {}

  async execute(
    prefix: string,
    profileId: string,
    redirectUri: string,
  ): Promise<E.Either<NoSuchSignIn | SignInNotBegun, BegunSignIn>> {
    const mapping = await this.mappings.findByPrefix(prefix);
    const id = parseUuid(profileId);
    const profile =
      mapping === undefined || id === undefined
        ? undefined
        : await this.profiles.find({ storeId: mapping.storeId, realmId: mapping.realmId }, id);
    if (mapping === undefined || profile === undefined) return E.left({ _tag: 'NoSuchSignIn' });
    const request = {
      redirectUri,
      state: this.secrets.random(SIGN_IN_SECRET_BITS),
      nonce: this.secrets.random(SIGN_IN_SECRET_BITS),
      codeVerifier: this.secrets.random(SIGN_IN_SECRET_BITS),
    };
    const url = await this.provider.authorizationUrl(profile, request);
    if (E.isLeft(url))
      return E.left({ _tag: 'SignInNotBegun', prefix: mapping.prefix ?? prefix, reason: 'provider_unreachable' });
    await this.attempts.save({
      stateHash: this.secrets.hash(request.state),
      storeId: mapping.storeId,
      realmId: mapping.realmId,
      oidcProfileId: profile.id,
      prefix: mapping.prefix ?? prefix,
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      redirectUri,
      expiresAt: attemptExpiry(this.clock.now()),
    });
    return E.right({ authorizationUrl: url.right, state: request.state });
  }
}
