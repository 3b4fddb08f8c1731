import * as E from 'fp-ts/lib/Either.js';
import { injectable, injectFromBase } from 'inversify';
import { OIDC_PROFILE_NOT_FOUND } from '../../../domain/authentication-realms/oidc-profile.js';
import {
  type OidcProfileInfo,
  parseNewOidcProfileInfo,
} from '../../../domain/authentication-realms/oidc-profile-info.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { OidcProfileInfoUseCase, subjectLinked } from './oidc-profile-info-use-case.js';
import { oidcProfileOfRealm } from './oidc-profiles.js';

/** Links a realm's user to a subject of one of the realm's OpenID Connect profiles: the provider's `sub` signs in as them. */
@injectable()
@injectFromBase()
export class CreateOidcProfileInfo extends OidcProfileInfoUseCase {
  async execute(
    storeId: Uuid,
    realmId: string,
    userId: string,
    data: unknown,
  ): Promise<E.Either<DomainError, OidcProfileInfo>> {
    const user = await this.userOf(storeId, realmId, userId);
    if (E.isLeft(user)) return user;
    const fields = parseNewOidcProfileInfo(data);
    if (E.isLeft(fields)) return E.left(validationFailed(fields.left));
    const profile = await oidcProfileOfRealm(
      this.profilePorts,
      storeId,
      user.right.realmId,
      fields.right.oidcProfileId,
    );
    if (E.isLeft(profile)) return profile;
    const now = this.clock.now();
    const stored = await this.links.insert({
      id: this.ids.uuid(),
      ...user.right,
      oidcProfileId: profile.right.id,
      subject: fields.right.subject,
      issuer: fields.right.issuer ?? profile.right.issuer,
      createdAt: now,
      updatedAt: now,
    });
    if (E.isRight(stored)) return stored;
    // `ReferenceMissing`: the profile was deleted since it was read, as if it had never been.
    return E.left(stored.left._tag === 'Taken' ? subjectLinked() : notFound(OIDC_PROFILE_NOT_FOUND));
  }
}
