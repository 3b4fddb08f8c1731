import type { ApplicationKey } from '../../../domain/keys/application-key.js';
import type { NewApplicationKey } from '../../../domain/keys/application-key-input.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Clock, IdGenerator, Secrets } from '../../ports/system.js';

const CLIENT_ID_BITS = 168;
export const CLIENT_SECRET_BITS = 256;

/** A key as stored, and its secret in clear text: the only moment the secret exists. */
export interface MintedApplicationKey {
  readonly key: ApplicationKey;
  readonly clientSecret: string;
}

export const mintApplicationKey = (
  ports: { readonly clock: Clock; readonly ids: IdGenerator; readonly secrets: Secrets },
  storeId: Uuid,
  draft: NewApplicationKey,
): MintedApplicationKey => {
  const now = ports.clock.now();
  const clientSecret = ports.secrets.random(CLIENT_SECRET_BITS);
  return {
    clientSecret,
    key: {
      id: ports.ids.uuid(),
      storeId,
      name: draft.name,
      clientId: ports.secrets.random(CLIENT_ID_BITS),
      secretHash: ports.secrets.hash(clientSecret),
      previousSecret: null,
      scopes: draft.scopes,
      reservedRateLimit: draft.reservedRateLimit,
      createdAt: now,
      updatedAt: now,
      lastUsedAt: null,
    },
  };
};
