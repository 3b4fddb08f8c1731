import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { PasswordProfile } from '../../../domain/authentication-realms/password-profile.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { PasswordProfileRepository } from '../../ports/authentication-realms/password-profile-repository.js';
import { profileOfRealm } from './authentication-realms.js';

@injectable()
export class GetPasswordProfile {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(T.PasswordProfileRepository) private readonly profiles: PasswordProfileRepository,
  ) {}

  execute(storeId: Uuid, realmId: string, profileId: string): Promise<E.Either<DomainError, PasswordProfile>> {
    return profileOfRealm({ realms: this.realms, profiles: this.profiles }, storeId, realmId, profileId);
  }
}
