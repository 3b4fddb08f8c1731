import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { OIDC_PROFILE_NOT_FOUND } from '../../../domain/authentication-realms/oidc-profile.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { OidcProfileRepository } from '../../ports/authentication-realms/oidc-profile-repository.js';
import { oidcProfileOfRealm } from './oidc-profiles.js';

@injectable()
export class DeleteOidcProfile {
  constructor(
    @inject(T.AuthenticationRealmRepository) readonly realms: AuthenticationRealmRepository,
    @inject(T.OidcProfileRepository) readonly profiles: OidcProfileRepository,
  ) {}

  /** Deletes the profile with every person's link to it: no one signs in through it any more. */
  async execute(storeId: Uuid, realmId: string, profileId: string): Promise<E.Either<DomainError, void>> {
    const found = await oidcProfileOfRealm(this, storeId, realmId, profileId);
    if (E.isLeft(found)) return found;
    const deleted = await this.profiles.delete({ storeId, realmId: found.right.realmId }, found.right.id);
    return deleted ? E.right(undefined) : E.left(notFound(OIDC_PROFILE_NOT_FOUND));
  }
}
