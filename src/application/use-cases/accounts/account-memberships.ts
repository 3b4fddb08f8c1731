import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Account } from '../../../domain/accounts/account.js';
import { ACCOUNT_MEMBERSHIP_EVENTS } from '../../../domain/accounts/account-events.js';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import { type AccountMembership, parseNewMembership } from '../../../domain/accounts/account-membership.js';
import {
  MEMBERSHIPS_OF_ACCOUNT_LIST,
  MEMBERSHIPS_OF_MEMBER_LIST,
} from '../../../domain/accounts/account-membership-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { conflict, type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { ACCOUNT_TOKENS } from '../../account-tokens.js';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { AccountMembershipRepository } from '../../ports/accounts/account-membership-repository.js';
import type { AccountRepository } from '../../ports/accounts/account-repository.js';
import type { AccountMembershipSettingsRepository } from '../../ports/settings/settings-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import { STORE_NOT_FOUND } from '../stores/store-lookup.js';
import { ACCOUNT_MEMBER_NOT_FOUND } from './account-members.js';
import { ACCOUNT_NOT_FOUND } from './accounts.js';

const MEMBERSHIP_NOT_FOUND = 'account membership not found';

/** A member already has as many memberships as the store allows. */
export const membershipLimitReached = (limit: number): DomainError =>
  conflict(
    `the account member already belongs to ${limit} accounts, the store's membership limit`,
    'membership_limit_reached',
  );

type Result<A> = Promise<E.Either<DomainError, A>>;

/** A page of memberships with the records they name, read in one more query when `include` asks for them. */
export interface MembershipPage<R> {
  readonly page: Page<AccountMembership>;
  readonly included: readonly R[] | undefined;
}

/** `POST /v2/accounts/:id/account-memberships`: the member joins the account, within the store's membership limit. */
@injectable()
export class CreateAccountMembership {
  constructor(
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(ACCOUNT_TOKENS.AccountMembershipRepository) private readonly memberships: AccountMembershipRepository,
    @inject(TOKENS.AccountMembershipSettingsRepository) private readonly settings: AccountMembershipSettingsRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(storeId: Uuid, accountId: string, data: unknown): Result<AccountMembership> {
    const id = parseUuid(accountId);
    const account = id === undefined ? undefined : await this.accounts.findById(storeId, id);
    if (account === undefined) return E.left(notFound(ACCOUNT_NOT_FOUND));
    const input = parseNewMembership(data);
    if (E.isLeft(input)) return E.left(validationFailed(input.left));
    const settings = await this.settings.find(storeId);
    if (settings === undefined) return E.left(notFound(STORE_NOT_FOUND));
    const now = this.clock.now();
    const membership: AccountMembership = {
      id: this.ids.uuid(),
      storeId,
      accountId: account.id,
      accountMemberId: input.right.accountMemberId,
      createdAt: now,
      updatedAt: now,
    };
    const stored = await this.memberships.insert(membership, settings.membershipLimit, [
      ACCOUNT_MEMBERSHIP_EVENTS.created(membership),
    ]);
    if (E.isRight(stored)) return E.right(membership);
    switch (stored.left._tag) {
      case 'ReferenceMissing':
        return E.left(notFound(ACCOUNT_MEMBER_NOT_FOUND));
      case 'Taken':
        return E.left(conflict('the account member already belongs to this account', 'membership_exists'));
      case 'LimitReached':
        return E.left(membershipLimitReached(settings.membershipLimit));
    }
  }
}

/** `GET /v2/accounts/:id/account-memberships/:membershipId`. */
@injectable()
export class GetAccountMembership {
  constructor(
    @inject(ACCOUNT_TOKENS.AccountMembershipRepository) private readonly memberships: AccountMembershipRepository,
  ) {}

  async execute(storeId: Uuid, accountId: string, id: string): Result<AccountMembership> {
    const [account, membership] = [parseUuid(accountId), parseUuid(id)];
    const found =
      account === undefined || membership === undefined
        ? undefined
        : await this.memberships.findById(storeId, account, membership);
    return found === undefined ? E.left(notFound(MEMBERSHIP_NOT_FOUND)) : E.right(found);
  }
}

/** `DELETE /v2/accounts/:id/account-memberships/:membershipId`: the member leaves the account. */
@injectable()
export class DeleteAccountMembership {
  constructor(
    @inject(ACCOUNT_TOKENS.AccountMembershipRepository) private readonly memberships: AccountMembershipRepository,
  ) {}

  async execute(storeId: Uuid, accountId: string, id: string): Result<void> {
    const [account, membership] = [parseUuid(accountId), parseUuid(id)];
    if (account === undefined || membership === undefined) return E.left(notFound(MEMBERSHIP_NOT_FOUND));
    const deleted = await this.memberships.delete(storeId, account, membership, [
      ACCOUNT_MEMBERSHIP_EVENTS.deleted(membership),
    ]);
    return E.isLeft(deleted) ? E.left(notFound(MEMBERSHIP_NOT_FOUND)) : E.right(undefined);
  }
}

/** `GET /v2/accounts/:id/account-memberships`, with the members when `include=account_member`. */
@injectable()
export class ListMembershipsOfAccount {
  constructor(
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(ACCOUNT_TOKENS.AccountMemberRepository) private readonly members: AccountMemberRepository,
    @inject(ACCOUNT_TOKENS.AccountMembershipRepository) private readonly memberships: AccountMembershipRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(storeId: Uuid, accountId: string, params: QueryParams): Result<MembershipPage<AccountMember>> {
    const id = parseUuid(accountId);
    const account = id === undefined ? undefined : await this.accounts.findById(storeId, id);
    if (account === undefined) return E.left(notFound(ACCOUNT_NOT_FOUND));
    return listPage(this.stores, storeId, params, MEMBERSHIPS_OF_ACCOUNT_LIST, async (query) => {
      const page = await this.memberships.listOfAccount(storeId, account.id, query);
      const included = query.include.has('account_member')
        ? await this.members.findMany(
            storeId,
            page.items.map((m) => m.accountMemberId),
          )
        : undefined;
      return { page, included };
    });
  }
}

/** `GET /v2/account-members/:id/account-memberships`, with the accounts when `include=account`. */
@injectable()
export class ListMembershipsOfMember {
  constructor(
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(ACCOUNT_TOKENS.AccountMemberRepository) private readonly members: AccountMemberRepository,
    @inject(ACCOUNT_TOKENS.AccountMembershipRepository) private readonly memberships: AccountMembershipRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(storeId: Uuid, memberId: string, params: QueryParams): Result<MembershipPage<Account>> {
    const id = parseUuid(memberId);
    const member = id === undefined ? undefined : await this.members.findById(storeId, id);
    if (member === undefined) return E.left(notFound(ACCOUNT_MEMBER_NOT_FOUND));
    return listPage(this.stores, storeId, params, MEMBERSHIPS_OF_MEMBER_LIST, async (query) => {
      const page = await this.memberships.listOfMember(storeId, member.id, query);
      const included = query.include.has('account')
        ? await this.accounts.findMany(
            storeId,
            page.items.map((m) => m.accountId),
          )
        : undefined;
      return { page, included };
    });
  }
}
