import type { Uuid } from '../shared/uuid.js';
import type { GrantType } from './grant.js';
import type { KeyScopes } from './scope.js';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

/** A bearer token as stored: only the hash of the token text is kept. */
export interface AccessToken {
  readonly tokenHash: string;
  readonly storeId: Uuid;
  readonly applicationKeyId: Uuid;
  readonly grant: GrantType;
  readonly expiresAt: Date;
}

/** A token found for a request, with the scopes its key has now (a change of scopes applies to tokens already minted). */
export interface ActiveToken extends AccessToken {
  readonly scopes: KeyScopes;
}

export const tokenExpiry = (now: Date): Date => new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
