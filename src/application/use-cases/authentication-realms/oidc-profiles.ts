import * as E from 'fp-ts/lib/Either.js';
import { OIDC_PROFILE_NOT_FOUND, type OidcProfile } from '../../../domain/authentication-realms/oidc-profile.js';
import { type DomainError, notFound, unprocessable } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { OidcProfileRepository } from '../../ports/authentication-realms/oidc-profile-repository.js';
import type { OidcClient, OpenIdProvider } from '../../ports/authentication-realms/openid-provider.js';
import { realmOfStore } from './authentication-realms.js';

/** The ports every OpenID Connect profile use case reads through. */
export interface OidcProfilePorts {
  readonly realms: AuthenticationRealmRepository;
  readonly profiles: OidcProfileRepository;
}

/** An OpenID Connect profile of the store's realm, both ids given as text. */
export const oidcProfileOfRealm = async (
  ports: OidcProfilePorts,
  storeId: Uuid,
  realmId: string,
  profileId: string,
): Promise<E.Either<DomainError, OidcProfile>> => {
  const realm = await realmOfStore(ports.realms, storeId, realmId);
  if (E.isLeft(realm)) return realm;
  const id = parseUuid(profileId);
  const profile = id === undefined ? undefined : await ports.profiles.find({ storeId, realmId: realm.right.id }, id);
  return profile === undefined ? E.left(notFound(OIDC_PROFILE_NOT_FOUND)) : E.right(profile);
};

/** The issuer the client's discovery document names; a provider that does not answer cannot be a profile's. */
export const discoveredIssuer = async (
  provider: OpenIdProvider,
  client: OidcClient,
): Promise<E.Either<DomainError, string>> => {
  const issuer = await provider.issuer(client);
  return E.isLeft(issuer)
    ? E.left(unprocessable(`${issuer.left.detail}: check data.discovery_url`, 'provider_unreachable'))
    : issuer;
};
