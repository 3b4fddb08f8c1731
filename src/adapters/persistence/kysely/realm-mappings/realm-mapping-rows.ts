import type { Selectable } from 'kysely';
import { type MerchantRealmMapping, prefixKey } from '../../../../domain/realm-mappings/merchant-realm-mapping.js';
import type { MerchantRealmMappingsTable } from '../engine/schema.js';
import { storedUuid } from '../sql/stored-json.js';

export const mappingFromRow = (row: Selectable<MerchantRealmMappingsTable>): MerchantRealmMapping => ({
  id: storedUuid('realm mapping id', row.id),
  storeId: storedUuid('store id', row.store_id),
  realmId: storedUuid('realm id', row.realm_id),
  prefix: row.prefix,
});

export const mappingToRow = (mapping: MerchantRealmMapping): Selectable<MerchantRealmMappingsTable> => ({
  id: mapping.id,
  store_id: mapping.storeId,
  realm_id: mapping.realmId,
  prefix: mapping.prefix,
  prefix_key: mapping.prefix === null ? null : prefixKey(mapping.prefix),
});
