import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Account } from '../../../domain/accounts/account.js';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import { type Page, pageOfAll } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { ACCOUNT_TOKENS } from '../../account-tokens.js';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { AccountMembershipRepository } from '../../ports/accounts/account-membership-repository.js';
import type { AccountRepository } from '../../ports/accounts/account-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import { ACCOUNT_MEMBER_NOT_FOUND } from './account-members.js';
import { ACCOUNT_NOT_FOUND } from './accounts.js';

type Result<A> = Promise<E.Either<DomainError, A>>;

/**
 * `GET /v2/accounts` for a shopper: EPCC lists the accounts of the token's member. They are at most the
 * store's membership limit, read by the member's membership index, so they are paged in memory, the
 * earliest joined first; a filter is not taken.
 */
@injectable()
export class ListAccountsOfShopper {
  constructor(
    @inject(ACCOUNT_TOKENS.AccountMembershipRepository) private readonly memberships: AccountMembershipRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(storeId: Uuid, params: QueryParams, shopper: ShopperScope): Result<Page<Account>> {
    const accounts = await this.memberships.accountsOf(storeId, shopper.accountMemberId);
    return listPage(this.stores, storeId, params, {}, async ({ page }) => pageOfAll(accounts, page));
  }
}

/** `GET /v2/accounts/{id}` for a shopper: an account its member belongs to; any other is not found. */
@injectable()
export class GetAccountOfShopper {
  constructor(
    @inject(ACCOUNT_TOKENS.AccountMembershipRepository) private readonly memberships: AccountMembershipRepository,
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
  ) {}

  async execute(storeId: Uuid, id: string, shopper: ShopperScope): Result<Account> {
    const accountId = parseUuid(id);
    const member =
      accountId === undefined ? undefined : await this.memberships.find(storeId, accountId, shopper.accountMemberId);
    const found = member === undefined ? undefined : await this.accounts.findById(storeId, member.accountId);
    return found === undefined ? E.left(notFound(ACCOUNT_NOT_FOUND)) : E.right(found);
  }
}

/** `GET /v2/account-members/{id}` for a shopper: its own member record; any other member is not found. */
@injectable()
export class GetAccountMemberOfShopper {
  constructor(@inject(ACCOUNT_TOKENS.AccountMemberRepository) private readonly members: AccountMemberRepository) {}

  async execute(storeId: Uuid, id: string, shopper: ShopperScope): Result<AccountMember> {
    const found =
      parseUuid(id) === shopper.accountMemberId
        ? await this.members.findById(storeId, shopper.accountMemberId)
        : undefined;
    return found === undefined ? E.left(notFound(ACCOUNT_MEMBER_NOT_FOUND)) : E.right(found);
  }
}
