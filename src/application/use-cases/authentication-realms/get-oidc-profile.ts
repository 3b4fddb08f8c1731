import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { OidcProfile } from '../../../domain/authentication-realms/oidc-profile.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { OidcProfileRepository } from '../../ports/authentication-realms/oidc-profile-repository.js';
import { oidcProfileOfRealm } from './oidc-profiles.js';

@injectable()
export class GetOidcProfile {
  constructor(
    @inject(T.AuthenticationRealmRepository) readonly realms: AuthenticationRealmRepository,
    @inject(T.OidcProfileRepository) readonly profiles: OidcProfileRepository,
  ) {}

  execute(storeId: Uuid, realmId: string, profileId: string): Promise<E.Either<DomainError, OidcProfile>> {
    return oidcProfileOfRealm(this, storeId, realmId, profileId);
  }
}
