import * as E from 'fp-ts/lib/Either.js';
import { injectable, injectFromBase } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import type { PasswordProfileInfo } from '../../../domain/authentication-realms/password-profile-info.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { listPage } from '../list-page.js';
import { REALM_LIST } from './list-authentication-realms.js';
import { PasswordProfileInfoUseCase } from './password-profile-info-use-case.js';
import { pathMember } from './password-profile-infos.js';

/** The member's credentials, newest first. */
@injectable()
@injectFromBase()
export class ListPasswordProfileInfos extends PasswordProfileInfoUseCase {
  async execute(
    storeId: Uuid,
    realmId: string,
    memberId: string,
    params: QueryParams,
    shopper?: ShopperScope,
  ): Promise<E.Either<DomainError, Page<PasswordProfileInfo>>> {
    const place = await pathMember(this.ports, storeId, realmId, memberId, shopper);
    if (E.isLeft(place)) return place;
    return listPage(this.stores, storeId, params, REALM_LIST, (query) =>
      this.ports.credentials.listForMember({ storeId, accountMemberId: place.right.member.id }, query),
    );
  }
}
