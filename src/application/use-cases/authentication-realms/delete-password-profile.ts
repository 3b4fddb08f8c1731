import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { PASSWORD_PROFILE_NOT_FOUND } from '../../../domain/authentication-realms/password-profile.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { PasswordProfileRepository } from '../../ports/authentication-realms/password-profile-repository.js';
import { profileOfRealm } from './authentication-realms.js';

@injectable()
export class DeletePasswordProfile {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(T.PasswordProfileRepository) private readonly profiles: PasswordProfileRepository,
  ) {}

  /** Deletes the profile with every username and password kept in it: no one signs in through it any more. */
  async execute(storeId: Uuid, realmId: string, profileId: string): Promise<E.Either<DomainError, void>> {
    const found = await profileOfRealm({ realms: this.realms, profiles: this.profiles }, storeId, realmId, profileId);
    if (E.isLeft(found)) return found;
    const deleted = await this.profiles.delete({ storeId, realmId: found.right.realmId }, found.right.id);
    return deleted ? E.right(undefined) : E.left(notFound(PASSWORD_PROFILE_NOT_FOUND));
  }
}
