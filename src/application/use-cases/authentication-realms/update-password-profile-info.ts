import * as E from 'fp-ts/lib/Either.js';
import { injectable, injectFromBase } from 'inversify';
import type { SignedInShopper } from '../../../domain/auth/account-member-token.js';
import {
  type PasswordProfileInfo,
  parseCredentialChanges,
  usernameInFormat,
} from '../../../domain/authentication-realms/password-profile-info.js';
import { tokensEndedBy } from '../../../domain/authentication-realms/self-management.js';
import { type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { PasswordProfileInfoUseCase } from './password-profile-info-use-case.js';
import { credentialNotFound, pathMember, profileOf, usernameTaken } from './password-profile-infos.js';

@injectable()
@injectFromBase()
export class UpdatePasswordProfileInfo extends PasswordProfileInfoUseCase {
  /**
   * A new username (in the profile's format), a new password (hashed here), or both; a shopper changes its
   * own, where the store allows it. A new password ends the member's other tokens (`tokensEndedBy`).
   */
  async execute(
    storeId: Uuid,
    realmId: string,
    memberId: string,
    id: string,
    data: unknown,
    shopper?: SignedInShopper,
  ): Promise<E.Either<DomainError, PasswordProfileInfo>> {
    const place = await pathMember(this.ports, storeId, realmId, memberId, shopper);
    if (E.isLeft(place)) return place;
    const member = { storeId, accountMemberId: place.right.member.id };
    const infoId = parseUuid(id);
    const current = infoId === undefined ? undefined : await this.ports.credentials.find(member, infoId);
    if (current === undefined) return E.left(credentialNotFound());
    const changes = parseCredentialChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const { username, password } = changes.right;
    if (username !== undefined) {
      const profile = await profileOf(this.ports, storeId, place.right.realmId, current.passwordProfileId);
      if (E.isLeft(profile)) return profile;
      const formatted = usernameInFormat(username, profile.right.usernameFormat, 'data.username');
      if (E.isLeft(formatted)) return E.left(validationFailed(formatted.left));
    }
    const passwordHash = password === undefined ? undefined : await this.ports.hasher.hash(password);
    // The sessions end before the password changes: a failure between the two leaves the member signed
    // out with the old password, never signed in with a password that was replaced.
    const ended = tokensEndedBy(changes.right, shopper);
    if (ended !== undefined) await this.ports.tokens.revokeForMember(storeId, member.accountMemberId, ended.except);
    const now = this.clock.now();
    const updated = await this.ports.credentials.update(member, current.id, (info) => ({
      ...info,
      ...(username === undefined ? {} : { username }),
      ...(passwordHash === undefined ? {} : { passwordHash }),
      updatedAt: now,
    }));
    if (E.isRight(updated)) return updated;
    return E.left(updated.left._tag === 'Taken' ? usernameTaken() : credentialNotFound());
  }
}
