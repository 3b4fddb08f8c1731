import type { AuthenticationRealm } from '../../../domain/authentication-realms/authentication-realm.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/**
 * Storage of each store's two authentication realms, the account realm and the merchant realm. Both are made
 * with their store (`StoreRepository.create`) and go with it; none is made or deleted alone.
 */
export interface AuthenticationRealmRepository {
  /** The store's account realm; undefined when there is no such store. */
  findByStore(storeId: Uuid): Promise<AuthenticationRealm | undefined>;
  /** The store's merchant realm, the one its merchant realm mapping names; undefined when there is no such store. */
  findMerchantRealm(storeId: Uuid): Promise<AuthenticationRealm | undefined>;
  /** Both realms of the store, the account realm first. */
  listForStore(storeId: Uuid): Promise<readonly AuthenticationRealm[]>;
  /** The realm of this id if it is the store's, of either kind. */
  findById(storeId: Uuid, id: Uuid): Promise<AuthenticationRealm | undefined>;
  /** Stores the realm `change` makes of the current one, one change at a time; undefined when it is not the store's. */
  update(
    storeId: Uuid,
    id: Uuid,
    change: (current: AuthenticationRealm) => AuthenticationRealm,
  ): Promise<AuthenticationRealm | undefined>;
}
