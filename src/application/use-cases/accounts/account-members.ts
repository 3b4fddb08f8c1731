import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import { ACCOUNT_MEMBER_LIST } from '../../../domain/accounts/account-member-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { ACCOUNT_TOKENS } from '../../account-tokens.js';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { AccountRepository } from '../../ports/accounts/account-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import { ACCOUNT_NOT_FOUND } from './accounts.js';

export const ACCOUNT_MEMBER_NOT_FOUND = 'account member not found';

type Result<A> = Promise<E.Either<DomainError, A>>;

/** `GET /v2/account-members/:id`. */
@injectable()
export class GetAccountMember {
  constructor(@inject(ACCOUNT_TOKENS.AccountMemberRepository) private readonly members: AccountMemberRepository) {}

  async execute(storeId: Uuid, id: string): Result<AccountMember> {
    const memberId = parseUuid(id);
    const found = memberId === undefined ? undefined : await this.members.findById(storeId, memberId);
    return found === undefined ? E.left(notFound(ACCOUNT_MEMBER_NOT_FOUND)) : E.right(found);
  }
}

/** `GET /v2/account-members`: newest first, filtered on `name` and `email`. */
@injectable()
export class ListAccountMembers {
  constructor(
    @inject(ACCOUNT_TOKENS.AccountMemberRepository) private readonly members: AccountMemberRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(storeId: Uuid, params: QueryParams): Result<Page<AccountMember>> {
    return listPage(this.stores, storeId, params, ACCOUNT_MEMBER_LIST, (query) => this.members.list(storeId, query));
  }
}

/** `GET /v2/accounts/:id/account-memberships/unassigned-account-members`: the members an account could add. */
@injectable()
export class ListUnassignedAccountMembers {
  constructor(
    @inject(ACCOUNT_TOKENS.AccountMemberRepository) private readonly members: AccountMemberRepository,
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(storeId: Uuid, accountId: string, params: QueryParams): Result<Page<AccountMember>> {
    const id = parseUuid(accountId);
    const account = id === undefined ? undefined : await this.accounts.findById(storeId, id);
    if (account === undefined) return E.left(notFound(ACCOUNT_NOT_FOUND));
    return listPage(this.stores, storeId, params, ACCOUNT_MEMBER_LIST, (query) =>
      this.members.listUnassigned(storeId, account.id, query),
    );
  }
}
