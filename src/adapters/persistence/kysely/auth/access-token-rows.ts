import type { Selectable } from 'kysely';
import type { AccessToken } from '../../../../domain/auth/access-token.js';
import type { GrantType } from '../../../../domain/auth/grant.js';
import type { AccessTokensTable } from '../engine/schema.js';
import { storedUuid } from '../sql/stored-json.js';

const grant = (value: string): GrantType => {
  if (value === 'client_credentials' || value === 'implicit') return value;
  throw new Error(`stored grant type is unknown: ${value}`);
};

export const accessTokenFromRow = (row: Selectable<AccessTokensTable>): AccessToken => ({
  tokenHash: row.token_hash,
  storeId: storedUuid('store id', row.store_id),
  applicationKeyId: storedUuid('application key id', row.application_key_id),
  grant: grant(row.grant_type),
  expiresAt: row.expires_at,
});
