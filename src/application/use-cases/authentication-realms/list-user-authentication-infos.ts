import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import { ACCOUNT_MEMBER_LIST } from '../../../domain/accounts/account-member-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { ACCOUNT_TOKENS } from '../../account-tokens.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import { realmOfStore } from './authentication-realms.js';

/**
 * The realm's users, filtered by `name` and `email` as the member list is: the store's account members, or in
 * the merchant realm the merchant's people (`findRealmUser` says which).
 */
@injectable()
export class ListUserAuthenticationInfos {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(ACCOUNT_TOKENS.AccountMemberRepository) private readonly members: AccountMemberRepository,
    @inject(PEOPLE_TOKENS.MerchantUserRepository) private readonly people: MerchantUserRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(
    storeId: Uuid,
    realmId: string,
    params: QueryParams,
  ): Promise<E.Either<DomainError, Page<AccountMember>>> {
    const realm = await realmOfStore(this.realms, storeId, realmId);
    if (E.isLeft(realm)) return realm;
    const merchant = realm.right.kind === 'merchant';
    return listPage(this.stores, storeId, params, ACCOUNT_MEMBER_LIST, (query) =>
      merchant ? this.people.list(storeId, query) : this.members.list(storeId, query),
    );
  }
}
