import type { KeyScopes } from '../auth/scope.js';
import type { Uuid } from '../shared/uuid.js';

export const APPLICATION_KEY_TYPE = 'application_key';

/** A client credential of a store. The secret itself is never kept, only its hash. */
export interface ApplicationKey {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly name: string;
  readonly clientId: string;
  readonly secretHash: string;
  /** The secret a rotation replaced, still accepted until `expiresAt`; null when there is none. */
  readonly previousSecret: { readonly hash: string; readonly expiresAt: Date } | null;
  /** What the key's tokens may do; null for everything. */
  readonly scopes: KeyScopes;
  /** Requests per second guaranteed to tokens minted from this key; null when the key reserves nothing. */
  readonly reservedRateLimit: number | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** When a token was last minted with the key (kept to the minute); null until then. */
  readonly lastUsedAt: Date | null;
}

/** How often `lastUsedAt` is rewritten at most, so that minting tokens stays a cheap read. */
const LAST_USED_RESOLUTION_MS = 60_000;

export const needsLastUsedUpdate = (key: Pick<ApplicationKey, 'lastUsedAt'>, now: Date): boolean =>
  key.lastUsedAt === null || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;

/** The hashes of the secrets the key accepts at `now`: its own, and the one it replaced until that one expires. */
export const acceptedSecretHashes = (
  key: Pick<ApplicationKey, 'secretHash' | 'previousSecret'>,
  now: Date,
): readonly string[] =>
  key.previousSecret !== null && key.previousSecret.expiresAt.getTime() > now.getTime()
    ? [key.secretHash, key.previousSecret.hash]
    : [key.secretHash];
