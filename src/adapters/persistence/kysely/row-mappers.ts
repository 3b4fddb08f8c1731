import type { ApplicationKey } from '../../../domain/keys/application-key.js';
import type { AccessToken } from '../../../domain/auth/access-token.js';
import type { GrantType } from '../../../domain/auth/grant.js';
import { scopesFromText, scopesText } from '../../../domain/auth/scope.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { Store } from '../../../domain/stores/store.js';
import type { Insertable, Selectable } from 'kysely';
import type { AccessTokensTable, ApplicationKeysTable, MerchantRealmMappingsTable, StoresTable } from './schema.js';
import { prefixKey, type MerchantRealmMapping } from '../../../domain/realm-mappings/merchant-realm-mapping.js';

/** Ids read back from our own tables; a malformed one means the schema drifted, which is a fault, not input. */
const uuid = (value: string): Uuid => {
  const id = parseUuid(value);
  if (id === undefined) throw new Error(`stored id is not a UUID: ${value}`);
  return id;
};

const grant = (value: string): GrantType => {
  if (value === 'client_credentials' || value === 'implicit') return value;
  throw new Error(`stored grant type is unknown: ${value}`);
};

export const storeFromRow = (row: Selectable<StoresTable>): Store => ({
  id: uuid(row.id),
  name: row.name,
  rateLimit: Number(row.rate_limit),
  pageLength: Number(row.page_length),
  createdAt: row.created_at,
});

export const storeToRow = (store: Store): Insertable<StoresTable> => ({
  id: store.id,
  name: store.name,
  rate_limit: store.rateLimit,
  page_length: store.pageLength,
  created_at: store.createdAt,
});

export const applicationKeyFromRow = (row: Selectable<ApplicationKeysTable>): ApplicationKey => ({
  id: uuid(row.id),
  storeId: uuid(row.store_id),
  name: row.name,
  clientId: row.client_id,
  secretHash: row.secret_hash,
  previousSecret:
    row.previous_secret_hash === null || row.previous_secret_expires_at === null
      ? null
      : { hash: row.previous_secret_hash, expiresAt: row.previous_secret_expires_at },
  scopes: scopesFromText(row.scopes),
  reservedRateLimit: row.reserved_rate_limit === null ? null : Number(row.reserved_rate_limit),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  lastUsedAt: row.last_used_at,
});

export const applicationKeyToRow = (key: ApplicationKey): Selectable<ApplicationKeysTable> => ({
  id: key.id,
  store_id: key.storeId,
  name: key.name,
  client_id: key.clientId,
  secret_hash: key.secretHash,
  previous_secret_hash: key.previousSecret?.hash ?? null,
  previous_secret_expires_at: key.previousSecret?.expiresAt ?? null,
  scopes: scopesText(key.scopes),
  reserved_rate_limit: key.reservedRateLimit,
  created_at: key.createdAt,
  updated_at: key.updatedAt,
  last_used_at: key.lastUsedAt,
});

export const accessTokenFromRow = (row: Selectable<AccessTokensTable>): AccessToken => ({
  tokenHash: row.token_hash,
  storeId: uuid(row.store_id),
  applicationKeyId: uuid(row.application_key_id),
  grant: grant(row.grant_type),
  expiresAt: row.expires_at,
});

export const mappingFromRow = (row: Selectable<MerchantRealmMappingsTable>): MerchantRealmMapping => ({
  id: uuid(row.id),
  storeId: uuid(row.store_id),
  realmId: uuid(row.realm_id),
  prefix: row.prefix,
});

export const mappingToRow = (mapping: MerchantRealmMapping): Selectable<MerchantRealmMappingsTable> => ({
  id: mapping.id,
  store_id: mapping.storeId,
  realm_id: mapping.realmId,
  prefix: mapping.prefix,
  prefix_key: mapping.prefix === null ? null : prefixKey(mapping.prefix),
});
