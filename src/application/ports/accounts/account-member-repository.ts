import type * as E from 'fp-ts/lib/Either.js';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import type { AccountMemberQuery } from '../../../domain/accounts/account-member-query.js';
import type { AccountMembership } from '../../../domain/accounts/account-membership.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ChangeEvent, ChangeEventsOf } from '../integrations/observed-payloads.js';
import type { Missing, Taken } from '../storage-outcomes.js';

/**
 * Storage of a store's account members (EPCC's user-authentication-info of the store's account realm).
 * `Taken` when another member of the store has the email, compared case-insensitively, whatever runs
 * concurrently. The events a change fires are the caller's, written in the change's transaction.
 */
export interface AccountMemberRepository {
  insert(member: AccountMember, events: readonly ChangeEvent[]): Promise<E.Either<Taken, void>>;
  findById(storeId: Uuid, id: Uuid): Promise<AccountMember | undefined>;
  /** The store's member with this email, compared case-insensitively. */
  findByEmail(storeId: Uuid, email: string): Promise<AccountMember | undefined>;
  /** The store's members among `ids`, in no particular order; ids it does not have are left out. */
  findMany(storeId: Uuid, ids: readonly Uuid[]): Promise<readonly AccountMember[]>;
  /** Loads, changes and stores the member in one transaction; a refusal of `change` leaves it as it was. */
  update<R>(
    storeId: Uuid,
    id: Uuid,
    change: (current: AccountMember) => E.Either<R, AccountMember>,
    eventsOf: ChangeEventsOf<AccountMember>,
  ): Promise<E.Either<Missing | Taken | R, AccountMember>>;
  /** Deletes the member and its memberships; `eventsOf` is given the memberships it removed. */
  delete(
    storeId: Uuid,
    id: Uuid,
    eventsOf: ChangeEventsOf<readonly AccountMembership[]>,
  ): Promise<E.Either<Missing, void>>;
  /** Newest first. */
  list(storeId: Uuid, query: AccountMemberQuery): Promise<Page<AccountMember>>;
  /** The store's members with no membership of the account, newest first. */
  listUnassigned(storeId: Uuid, accountId: Uuid, query: AccountMemberQuery): Promise<Page<AccountMember>>;
}
