import {
  MERCHANT_REALM_MAPPING_TYPE,
  type MerchantRealmMapping,
} from '../../../domain/realm-mappings/merchant-realm-mapping.js';

export const merchantRealmMappingResource = (mapping: MerchantRealmMapping) => ({
  id: mapping.id,
  type: MERCHANT_REALM_MAPPING_TYPE,
  prefix: mapping.prefix,
  realm_id: mapping.realmId,
  store_id: mapping.storeId,
});
