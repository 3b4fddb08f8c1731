import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  changeOidcProfile,
  OIDC_PROFILE_NOT_FOUND,
  type OidcProfile,
  parseOidcProfileChanges,
} from '../../../domain/authentication-realms/oidc-profile.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { OidcProfileRepository } from '../../ports/authentication-realms/oidc-profile-repository.js';
import type { OpenIdProvider } from '../../ports/authentication-realms/openid-provider.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { discoveredIssuer, oidcProfileOfRealm } from './oidc-profiles.js';

@injectable()
export class UpdateOidcProfile {
  constructor(
    @inject(T.AuthenticationRealmRepository) readonly realms: AuthenticationRealmRepository,
    @inject(T.OidcProfileRepository) readonly profiles: OidcProfileRepository,
    @inject(T.OpenIdProvider) private readonly provider: OpenIdProvider,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** A partial update; a new `discovery_url` is read again for its issuer, and refused when it does not answer. */
  async execute(
    storeId: Uuid,
    realmId: string,
    profileId: string,
    data: unknown,
  ): Promise<E.Either<DomainError, OidcProfile>> {
    const found = await oidcProfileOfRealm(this, storeId, realmId, profileId);
    if (E.isLeft(found)) return found;
    const changes = parseOidcProfileChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const moved = changes.right.discoveryUrl !== undefined && changes.right.discoveryUrl !== found.right.discoveryUrl;
    const issuer = moved
      ? await discoveredIssuer(this.provider, { ...found.right, ...changes.right })
      : E.right(found.right.issuer);
    if (E.isLeft(issuer)) return issuer;
    const now = this.clock.now();
    const updated = await this.profiles.update({ storeId, realmId: found.right.realmId }, found.right.id, (profile) =>
      changeOidcProfile(profile, changes.right, issuer.right, now),
    );
    return updated === undefined ? E.left(notFound(OIDC_PROFILE_NOT_FOUND)) : E.right(updated);
  }
}
