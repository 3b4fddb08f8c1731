import type { AuthenticationRealm } from '../../../domain/authentication-realms/authentication-realm.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/**
 * Storage of each store's account authentication realm. A realm is made with its store (`StoreRepository.create`)
 * and goes with it; none is made or deleted alone.
 */
export interface AuthenticationRealmRepository {
  /** The store's account realm; undefined when there is no such store. */
  findByStore(storeId: Uuid): Promise<AuthenticationRealm | undefined>;
  /** The realm of this id if it is the store's. */
  findById(storeId: Uuid, id: Uuid): Promise<AuthenticationRealm | undefined>;
  /** Stores the realm `change` makes of the current one, one change at a time; undefined when it is not the store's. */
  update(
    storeId: Uuid,
    id: Uuid,
    change: (current: AuthenticationRealm) => AuthenticationRealm,
  ): Promise<AuthenticationRealm | undefined>;
}
