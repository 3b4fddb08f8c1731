import type { Selectable } from 'kysely';
import { scopesFromText, scopesText } from '../../../../domain/auth/scope.js';
import type { ApplicationKey } from '../../../../domain/keys/application-key.js';
import type { ApplicationKeysTable } from '../engine/schema.js';
import { storedUuid } from '../sql/stored-json.js';

export const applicationKeyFromRow = (row: Selectable<ApplicationKeysTable>): ApplicationKey => ({
  id: storedUuid('application key id', row.id),
  storeId: storedUuid('store id', row.store_id),
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
