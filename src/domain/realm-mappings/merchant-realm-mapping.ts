import type { Uuid } from '../shared/uuid.js';

export const MERCHANT_REALM_MAPPING_TYPE = 'merchant-realm-mappings';

/** Links the prefix a store's administrators type at login to the store's authentication realm. */
export interface MerchantRealmMapping {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly realmId: Uuid;
  /** Null until the store chooses one. */
  readonly prefix: string | null;
}

export const PREFIX_IN_USE = 'the prefix is already in use';
export const MAPPING_NOT_FOUND = 'merchant realm mapping not found';

/** Prefixes are unique regardless of case; this is the form they are compared in. */
export const prefixKey = (prefix: string): string => prefix.toLowerCase();
