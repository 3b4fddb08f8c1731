import type * as E from 'fp-ts/lib/Either.js';
import type { AuthenticationRealm } from '../../../domain/authentication-realms/authentication-realm.js';
import type { ApplicationKey } from '../../../domain/keys/application-key.js';
import type { Page } from '../../../domain/query/page.js';
import type { StoreRates } from '../../../domain/rate-limits/admission.js';
import type { MerchantRealmMapping } from '../../../domain/realm-mappings/merchant-realm-mapping.js';
import type { SettingsChanges } from '../../../domain/settings/settings-input.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Store } from '../../../domain/stores/store.js';
import type { StoreQuery, StoreSummary } from '../../../domain/stores/store-summary.js';
import type { Missing, OverBudget } from '../storage-outcomes.js';

/** Everything a store starts with, written together or not at all. */
export interface NewStoreRecords {
  readonly store: Store;
  readonly firstKey: ApplicationKey;
  readonly realmMapping: MerchantRealmMapping;
  /** The realm its account members sign in to. */
  readonly accountRealm: AuthenticationRealm;
  /** The realm its people sign in to, whose id the realm mapping names. */
  readonly merchantRealm: AuthenticationRealm;
}

/** Storage of stores. Promises reject only when the storage itself fails. */
export interface StoreRepository {
  create(records: NewStoreRecords): Promise<void>;
  findById(id: Uuid): Promise<Store | undefined>;
  /** One page of every store, newest first, each with its number of keys and the sum of their reservations. */
  list(query: StoreQuery): Promise<Page<StoreSummary>>;
  /** True when no store exists yet (a fresh database). */
  isEmpty(): Promise<boolean>;
  /** Stores the settings given, leaving the others as they are; undefined when there is no such store. */
  changeSettings(id: Uuid, changes: SettingsChanges): Promise<Store | undefined>;
  /** The store's request budget and its keys' reservations, read together; undefined when there is no such store. */
  rates(id: Uuid): Promise<StoreRates | undefined>;
  /**
   * Sets the store's request budget, unless its keys already reserve more; checked while no reservation
   * of the store can change, as a reservation is checked against the budget.
   */
  setRateLimit(id: Uuid, rateLimit: number): Promise<E.Either<Missing | OverBudget, Store>>;
}
