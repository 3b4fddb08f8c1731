import type * as E from 'fp-ts/lib/Either.js';
import type { Account } from '../../../domain/accounts/account.js';
import type { AccountMembership } from '../../../domain/accounts/account-membership.js';
import type {
  MembershipsOfAccountQuery,
  MembershipsOfMemberQuery,
} from '../../../domain/accounts/account-membership-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ChangeEvent } from '../integrations/observed-payloads.js';
import type { LimitReached, Missing, ReferenceMissing, Taken } from '../storage-outcomes.js';

/**
 * Storage of who may act for which account. The events a change fires are the caller's, written in the
 * change's transaction (a refused change writes none).
 */
export interface AccountMembershipRepository {
  /**
   * `Taken` when the member already belongs to the account; `ReferenceMissing` when the account or the
   * member is not the store's; `LimitReached` when the member already has `membershipLimit` memberships.
   * Each holds whatever runs concurrently.
   */
  insert(
    membership: AccountMembership,
    membershipLimit: number,
    events: readonly ChangeEvent[],
  ): Promise<E.Either<Taken | ReferenceMissing | LimitReached, void>>;
  /** The account's membership by its id. */
  findById(storeId: Uuid, accountId: Uuid, id: Uuid): Promise<AccountMembership | undefined>;
  /** The membership of this member in this account, if there is one. */
  find(storeId: Uuid, accountId: Uuid, accountMemberId: Uuid): Promise<AccountMembership | undefined>;
  /** The accounts the member belongs to, the earliest joined first (at most the store's membership limit). */
  accountsOf(storeId: Uuid, accountMemberId: Uuid): Promise<readonly Account[]>;
  delete(storeId: Uuid, accountId: Uuid, id: Uuid, events: readonly ChangeEvent[]): Promise<E.Either<Missing, void>>;
  /** The account's memberships, newest first. */
  listOfAccount(storeId: Uuid, accountId: Uuid, query: MembershipsOfAccountQuery): Promise<Page<AccountMembership>>;
  /** The member's memberships, newest first. */
  listOfMember(storeId: Uuid, accountMemberId: Uuid, query: MembershipsOfMemberQuery): Promise<Page<AccountMembership>>;
}
