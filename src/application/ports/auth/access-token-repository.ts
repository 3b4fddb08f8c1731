import type { AccessToken, ActiveToken } from '../../../domain/auth/access-token.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/** Storage of minted bearer tokens, by hash. */
export interface AccessTokenRepository {
  /** False when the token's application key no longer exists (deleted while the token was being minted). */
  insert(token: AccessToken): Promise<boolean>;
  /** The token with this hash, with its key's scopes, if it has not expired at `now` and its application key still exists. */
  findActive(tokenHash: string, now: Date): Promise<ActiveToken | undefined>;
  /** Deletes the token with this hash if it was minted from `applicationKeyId`; false when there was none. */
  revoke(tokenHash: string, applicationKeyId: Uuid): Promise<boolean>;
  /** Forgets tokens that expired before `now`. */
  deleteExpired(now: Date): Promise<number>;
}
