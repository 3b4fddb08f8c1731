import * as E from 'fp-ts/lib/Either.js';
import { injectable, injectFromBase } from 'inversify';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { linkNotFound, OidcProfileInfoUseCase } from './oidc-profile-info-use-case.js';

/** Unlinks a subject: the provider's `sub` no longer signs in as this user (a verified email still may). */
@injectable()
@injectFromBase()
export class DeleteOidcProfileInfo extends OidcProfileInfoUseCase {
  async execute(storeId: Uuid, realmId: string, userId: string, id: string): Promise<E.Either<DomainError, void>> {
    const found = await this.linkOf(storeId, realmId, userId, id);
    if (E.isLeft(found)) return found;
    return (await this.links.delete(found.right.user, found.right.link.id))
      ? E.right(undefined)
      : E.left(linkNotFound());
  }
}
