import type { ApplicationKey } from '../../../domain/keys/application-key.js';
import { APPLICATION_KEY_TYPE } from '../../../domain/keys/application-key.js';
import { formatOptionalTimestamp, formatTimestamp } from '../timestamps.js';

/** The resource object of a key; `client_secret` only when it was just created. */
export const applicationKeyResource = (key: ApplicationKey, clientSecret?: string) => ({
  id: key.id,
  type: APPLICATION_KEY_TYPE,
  name: key.name,
  client_id: key.clientId,
  ...(clientSecret === undefined ? {} : { client_secret: clientSecret }),
  ...(key.reservedRateLimit === null ? {} : { reserved_rate_limit: key.reservedRateLimit }),
  ...(key.scopes === null ? {} : { scopes: key.scopes }),
  meta: {
    timestamps: {
      created_at: formatTimestamp(key.createdAt),
      updated_at: formatTimestamp(key.updatedAt),
      last_used_at: formatOptionalTimestamp(key.lastUsedAt),
      ...(key.previousSecret === null
        ? {}
        : { previous_secret_expires_at: formatTimestamp(key.previousSecret.expiresAt) }),
    },
  },
});

export const applicationKeyPath = (id: string): string => `/v2/application-keys/${id}`;
