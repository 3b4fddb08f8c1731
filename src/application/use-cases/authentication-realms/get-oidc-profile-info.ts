import * as E from 'fp-ts/lib/Either.js';
import { injectable, injectFromBase } from 'inversify';
import type { OidcProfileInfo } from '../../../domain/authentication-realms/oidc-profile-info.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { OidcProfileInfoUseCase } from './oidc-profile-info-use-case.js';

@injectable()
@injectFromBase()
export class GetOidcProfileInfo extends OidcProfileInfoUseCase {
  async execute(
    storeId: Uuid,
    realmId: string,
    userId: string,
    id: string,
  ): Promise<E.Either<DomainError, OidcProfileInfo>> {
    return E.map((found: { readonly link: OidcProfileInfo }) => found.link)(
      await this.linkOf(storeId, realmId, userId, id),
    );
  }
}
