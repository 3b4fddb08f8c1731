import type * as E from 'fp-ts/lib/Either.js';
import type { MerchantRealmMapping } from '../../../domain/realm-mappings/merchant-realm-mapping.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Missing, PrefixTaken } from '../storage-outcomes.js';

/** Storage of each store's one merchant realm mapping. */
export interface MerchantRealmMappingRepository {
  findByStore(storeId: Uuid): Promise<MerchantRealmMapping | undefined>;
  findById(storeId: Uuid, id: Uuid): Promise<MerchantRealmMapping | undefined>;
  /** The mapping holding `prefix`, compared without regard to case. */
  findByPrefix(prefix: string): Promise<MerchantRealmMapping | undefined>;
  /**
   * Sets the prefix. Uniqueness across stores is enforced by the storage itself, so that of two
   * stores racing for one prefix exactly one wins and the other gets `PrefixTaken`.
   */
  setPrefix(storeId: Uuid, id: Uuid, prefix: string): Promise<E.Either<Missing | PrefixTaken, MerchantRealmMapping>>;
}
