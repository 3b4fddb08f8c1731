import type { ApplicationKey } from '../../domain/application-key/application-key.js';
import type { MerchantRealmMapping } from '../../domain/merchant-realm/merchant-realm-mapping.js';
import type { Store } from '../../domain/store/store.js';
import type { Uuid } from '../../domain/shared/uuid.js';

/** Everything a store starts with, written together or not at all. */
export interface NewStoreRecords {
  readonly store: Store;
  readonly firstKey: ApplicationKey;
  readonly realmMapping: MerchantRealmMapping;
}

/** Storage of stores. Promises reject only when the storage itself fails. */
export interface StoreRepository {
  create(records: NewStoreRecords): Promise<void>;
  findById(id: Uuid): Promise<Store | undefined>;
  /** True when no store exists yet (a fresh database). */
  isEmpty(): Promise<boolean>;
  /** Stores the new page length; undefined when there is no such store. */
  setPageLength(id: Uuid, pageLength: number): Promise<Store | undefined>;
}
