import * as E from 'fp-ts/lib/Either.js';
import { injectable, injectFromBase } from 'inversify';
import type { OidcProfileInfo } from '../../../domain/authentication-realms/oidc-profile-info.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { listPage } from '../list-page.js';
import { REALM_LIST } from './list-authentication-realms.js';
import { OidcProfileInfoUseCase } from './oidc-profile-info-use-case.js';

/** A realm user's links to identity providers, newest first. */
@injectable()
@injectFromBase()
export class ListOidcProfileInfos extends OidcProfileInfoUseCase {
  async execute(
    storeId: Uuid,
    realmId: string,
    userId: string,
    params: QueryParams,
  ): Promise<E.Either<DomainError, Page<OidcProfileInfo>>> {
    const user = await this.userOf(storeId, realmId, userId);
    if (E.isLeft(user)) return user;
    return listPage(this.stores, storeId, params, REALM_LIST, (query) => this.links.listForUser(user.right, query));
  }
}
