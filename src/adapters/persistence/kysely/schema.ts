import type { ColumnType } from 'kysely';

/** Row shapes: they never leave this folder; repositories map them to domain values. */
type Timestamp = ColumnType<Date, Date, Date>;

export interface StoresTable {
  id: string;
  name: string;
  rate_limit: number;
  page_length: number;
  created_at: Timestamp;
}

export interface ApplicationKeysTable {
  id: string;
  store_id: string;
  name: string;
  client_id: string;
  secret_hash: string;
  reserved_rate_limit: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | null, Date | null>;
}

export interface AccessTokensTable {
  token_hash: string;
  store_id: string;
  application_key_id: string;
  grant_type: string;
  expires_at: Timestamp;
}

export interface MerchantRealmMappingsTable {
  id: string;
  store_id: string;
  realm_id: string;
  prefix: string | null;
  prefix_key: string | null;
}

/** Kysely's own bookkeeping is not listed: the migrator owns it. */
export interface Tables {
  stores: StoresTable;
  application_keys: ApplicationKeysTable;
  access_tokens: AccessTokensTable;
  merchant_realm_mappings: MerchantRealmMappingsTable;
}
