import * as E from 'fp-ts/lib/Either.js';
import { injectable, injectFromBase } from 'inversify';
import {
  type OidcProfileInfo,
  parseOidcProfileInfoChanges,
} from '../../../domain/authentication-realms/oidc-profile-info.js';
import { type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { linkNotFound, OidcProfileInfoUseCase, subjectLinked } from './oidc-profile-info-use-case.js';

/** A new subject or issuer for a link; its profile stays the one it was made with, as EPCC has it. */
@injectable()
@injectFromBase()
export class UpdateOidcProfileInfo extends OidcProfileInfoUseCase {
  async execute(
    storeId: Uuid,
    realmId: string,
    userId: string,
    id: string,
    data: unknown,
  ): Promise<E.Either<DomainError, OidcProfileInfo>> {
    const found = await this.linkOf(storeId, realmId, userId, id);
    if (E.isLeft(found)) return found;
    const changes = parseOidcProfileInfoChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const now = this.clock.now();
    const updated = await this.links.update(found.right.user, found.right.link.id, (link) => ({
      ...link,
      ...changes.right,
      updatedAt: now,
    }));
    if (E.isRight(updated)) return updated;
    return E.left(updated.left._tag === 'Taken' ? subjectLinked() : linkNotFound());
  }
}
