import * as E from 'fp-ts/lib/Either.js';
import { injectable, injectFromBase } from 'inversify';
import {
  type PasswordProfileInfo,
  parseNewCredentials,
  usernameInFormat,
} from '../../../domain/authentication-realms/password-profile-info.js';
import { type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { PasswordProfileInfoUseCase } from './password-profile-info-use-case.js';
import { credentialNotFound, pathMember, profileOf, usernameTaken } from './password-profile-infos.js';

/** A member's username and password in one of the realm's password profiles; the password is kept hashed only. */
@injectable()
@injectFromBase()
export class CreatePasswordProfileInfo extends PasswordProfileInfoUseCase {
  async execute(
    storeId: Uuid,
    realmId: string,
    memberId: string,
    data: unknown,
  ): Promise<E.Either<DomainError, PasswordProfileInfo>> {
    const place = await pathMember(this.ports, storeId, realmId, memberId);
    if (E.isLeft(place)) return place;
    const credentials = parseNewCredentials(data);
    if (E.isLeft(credentials)) return E.left(validationFailed(credentials.left));
    const profile = await profileOf(this.ports, storeId, place.right.realmId, credentials.right.passwordProfileId);
    if (E.isLeft(profile)) return profile;
    const username = usernameInFormat(credentials.right.username, profile.right.usernameFormat, 'data.username');
    if (E.isLeft(username)) return E.left(validationFailed(username.left));
    const now = this.clock.now();
    const stored = await this.ports.credentials.insert({
      id: this.ids.uuid(),
      storeId,
      accountMemberId: place.right.member.id,
      passwordProfileId: profile.right.id,
      username: username.right,
      passwordHash: await this.ports.hasher.hash(credentials.right.password),
      createdAt: now,
      updatedAt: now,
    });
    if (E.isRight(stored)) return stored;
    return E.left(stored.left._tag === 'Taken' ? usernameTaken() : credentialNotFound());
  }
}
