import * as E from 'fp-ts/lib/Either.js';
import type { Configuration, IDToken } from 'openid-client';
import type {
  AuthorizationRequest,
  OidcClient,
  OpenIdProvider,
  ProviderRefused,
  ProviderUnreachable,
  TokenRejected,
} from '../../application/ports/authentication-realms/openid-provider.js';
import { isLoopbackHost, issuerOfDiscoveryUrl } from '../../domain/authentication-realms/discovery-url.js';
import type { OidcIdentity } from '../../domain/authentication-realms/oidc-sign-in.js';

/** Seconds a provider has to answer each request: a person waits on it. */
const PROVIDER_TIMEOUT_SECONDS = 5;

const unreachable = (detail: string): ProviderUnreachable => ({ _tag: 'ProviderUnreachable', detail });

/** A failure to reach the provider at all, as opposed to an answer that failed a check. */
const isNetworkFailure = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  return error.cause !== undefined && isNetworkFailure(error.cause);
};

/**
 * `openid-client`, loaded the first time a realm's sign-in needs it (the module loader keeps it after): a
 * service none of whose realms signs in through a provider never carries it.
 */
const library = () => import('openid-client');

/**
 * The provider's configuration, from its discovery document. The issuer the document names must be the one
 * its URL names (the library checks it). Plain http is allowed only on the loopback, as the profile's rule.
 */
const configure = async (profile: OidcClient): Promise<E.Either<ProviderUnreachable, Configuration>> => {
  const client = await library();
  const issuer = new URL(issuerOfDiscoveryUrl(profile.discoveryUrl));
  const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
  try {
    const config = await client.discovery(issuer, profile.clientId, profile.clientSecret, undefined, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
    config.timeout = PROVIDER_TIMEOUT_SECONDS;
    return E.right(config);
  } catch (error) {
    const why = isNetworkFailure(error)
      ? 'did not answer'
      : 'did not answer with a discovery document for the issuer its URL names';
    return E.left(unreachable(`the identity provider at ${issuer.origin} ${why}`));
  }
};

const identityOf = (claims: IDToken): OidcIdentity => ({
  subject: claims.sub,
  issuer: claims.iss,
  ...(typeof claims['email'] === 'string' ? { email: claims['email'] } : {}),
  emailVerified: claims['email_verified'] === true,
  ...(typeof claims['name'] === 'string' ? { name: claims['name'] } : {}),
});

/** `openid-client`: discovery, PKCE (S256), `state` and `nonce`, and every check of the ID token. */
export const openIdClientProvider = (): OpenIdProvider => ({
  async issuer(profile) {
    const config = await configure(profile);
    return E.map((c: Configuration) => c.serverMetadata().issuer)(config);
  },

  async authorizationUrl(profile, request: AuthorizationRequest) {
    const config = await configure(profile);
    if (E.isLeft(config)) return config;
    const client = await library();
    return E.right(
      client.buildAuthorizationUrl(config.right, {
        redirect_uri: request.redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state: request.state,
        nonce: request.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      }),
    );
  },

  async finish(profile, callbackUrl, request) {
    const config = await configure(profile);
    if (E.isLeft(config)) return config;
    const client = await library();
    try {
      const tokens = await client.authorizationCodeGrant(config.right, callbackUrl, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      return claims === undefined ? E.left<TokenRejected>({ _tag: 'TokenRejected' }) : E.right(identityOf(claims));
    } catch (error) {
      if (error instanceof client.AuthorizationResponseError)
        return E.left<ProviderRefused>({ _tag: 'ProviderRefused' });
      if (isNetworkFailure(error)) return E.left(unreachable('the identity provider did not answer'));
      return E.left<TokenRejected>({ _tag: 'TokenRejected' });
    }
  },
});
