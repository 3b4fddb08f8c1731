import type * as E from 'fp-ts/lib/Either.js';
import type { Account } from '../../../domain/accounts/account.js';
import type { AccountMembership } from '../../../domain/accounts/account-membership.js';
import type { AccountQuery } from '../../../domain/accounts/account-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ChangeEvent, ChangeEventsOf } from '../integrations/observed-payloads.js';
import type { InUse, LimitReached, Missing, ReferenceMissing, Taken } from '../storage-outcomes.js';

/**
 * Storage of a store's accounts. `Taken` when another account of the store holds the registration id;
 * `ReferenceMissing` when the parent (or the first member) is not the store's. The events a change fires are
 * the caller's, written in the change's transaction (a refused change writes none).
 */
export interface AccountRepository {
  insert(account: Account, events: readonly ChangeEvent[]): Promise<E.Either<Taken | ReferenceMissing, void>>;
  /**
   * An account and its first membership in one transaction: both or neither. `LimitReached`
   * when the member already has `membershipLimit` memberships.
   */
  insertWithMembership(
    account: Account,
    membership: AccountMembership,
    membershipLimit: number,
    events: readonly ChangeEvent[],
  ): Promise<E.Either<Taken | ReferenceMissing | LimitReached, void>>;
  findById(storeId: Uuid, id: Uuid): Promise<Account | undefined>;
  /** The store's accounts among `ids`, in no particular order; ids it does not have are left out. */
  findMany(storeId: Uuid, ids: readonly Uuid[]): Promise<readonly Account[]>;
  /** Loads, changes and stores the account in one transaction; a refusal of `change` leaves it as it was. */
  update<R>(
    storeId: Uuid,
    id: Uuid,
    change: (current: Account) => E.Either<R, Account>,
    eventsOf: ChangeEventsOf<Account>,
  ): Promise<E.Either<Missing | Taken | R, Account>>;
  /**
   * Deletes the account and its memberships; `eventsOf` is given the memberships it removed. `InUse` while
   * a sub-account names it as its parent.
   */
  delete(
    storeId: Uuid,
    id: Uuid,
    eventsOf: ChangeEventsOf<readonly AccountMembership[]>,
  ): Promise<E.Either<Missing | InUse, void>>;
  /** Newest first. */
  list(storeId: Uuid, query: AccountQuery): Promise<Page<Account>>;
}
