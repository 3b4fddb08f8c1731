import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  changePasswordProfile,
  PASSWORD_PROFILE_NOT_FOUND,
  type PasswordProfile,
  parsePasswordProfileChanges,
} from '../../../domain/authentication-realms/password-profile.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { PasswordProfileRepository } from '../../ports/authentication-realms/password-profile-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { profileOfRealm } from './authentication-realms.js';

@injectable()
export class UpdatePasswordProfile {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(T.PasswordProfileRepository) private readonly profiles: PasswordProfileRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /**
   * A partial update. Turning `username_format` to `email` leaves the usernames already kept as they are:
   * it applies to usernames set from then on, so that no member is shut out by a change of rule.
   */
  async execute(
    storeId: Uuid,
    realmId: string,
    profileId: string,
    data: unknown,
  ): Promise<E.Either<DomainError, PasswordProfile>> {
    const found = await profileOfRealm({ realms: this.realms, profiles: this.profiles }, storeId, realmId, profileId);
    if (E.isLeft(found)) return found;
    const changes = parsePasswordProfileChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const now = this.clock.now();
    const updated = await this.profiles.update({ storeId, realmId: found.right.realmId }, found.right.id, (profile) =>
      changePasswordProfile(profile, changes.right, now),
    );
    return updated === undefined ? E.left(notFound(PASSWORD_PROFILE_NOT_FOUND)) : E.right(updated);
  }
}
