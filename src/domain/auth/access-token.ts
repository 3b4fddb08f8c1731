import type { Uuid } from '../shared/uuid.js';
import type { GrantType } from './grant.js';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

/** A bearer token as stored: only the hash of the token text is kept. */
export interface AccessToken {
  readonly tokenHash: string;
  readonly storeId: Uuid;
  readonly applicationKeyId: Uuid;
  readonly grant: GrantType;
  readonly expiresAt: Date;
}

export const tokenExpiry = (now: Date): Date => new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
