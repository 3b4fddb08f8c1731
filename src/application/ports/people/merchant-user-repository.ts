import type * as E from 'fp-ts/lib/Either.js';
import type { MerchantUser } from '../../../domain/people/merchant-user.js';
import type { ListQuery } from '../../../domain/query/list-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Missing, Taken } from '../storage-outcomes.js';

/** The change or deletion would leave a store that has an owner without one. */
export type LastOwner = { readonly _tag: 'LastOwner' };
export const lastOwner: LastOwner = { _tag: 'LastOwner' };

/**
 * Storage of the merchant's people. An email address is unique in its store regardless of case, and a store
 * that has an owner keeps one (`removesLastOwner`): both are enforced by the storage itself, so of two writes
 * racing for one address, or for the last two owners, exactly one wins.
 */
export interface MerchantUserRepository {
  /** `Taken` when another person of the store holds the email address. */
  insert(user: MerchantUser): Promise<E.Either<Taken, MerchantUser>>;
  findById(storeId: Uuid, id: Uuid): Promise<MerchantUser | undefined>;
  /** The person holding `email` in the store, compared without regard to case. */
  findByEmail(storeId: Uuid, email: string): Promise<MerchantUser | undefined>;
  /** One page of the store's people, newest first. */
  list(storeId: Uuid, query: ListQuery): Promise<Page<MerchantUser>>;
  /** Stores the person `change` makes of the current one, one change at a time. */
  update(
    storeId: Uuid,
    id: Uuid,
    change: (current: MerchantUser) => MerchantUser,
  ): Promise<E.Either<Missing | Taken | LastOwner, MerchantUser>>;
  /** Deletes the person with their console sessions and credentials; answers the person as they were. */
  delete(storeId: Uuid, id: Uuid): Promise<E.Either<Missing | LastOwner, MerchantUser>>;
  /** Records a sign-in (a console session started for the person). */
  recordSignIn(storeId: Uuid, id: Uuid, at: Date): Promise<MerchantUser | undefined>;
}
