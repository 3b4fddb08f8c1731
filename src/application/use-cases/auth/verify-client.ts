import { acceptedSecretHashes, type ApplicationKey } from '../../../domain/keys/application-key.js';
import type { ApplicationKeyRepository } from '../../ports/keys/application-key-repository.js';
import type { Clock, Secrets } from '../../ports/system.js';

export const INVALID_CREDENTIALS = 'the client credentials are not valid';

/** The key a client authenticates as, when `clientSecret` is one of its secrets valid now; otherwise undefined. */
export const verifyClient = async (
  ports: {
    readonly keys: Pick<ApplicationKeyRepository, 'findByClientId'>;
    readonly secrets: Secrets;
    readonly clock: Clock;
  },
  clientId: string,
  clientSecret: string,
): Promise<ApplicationKey | undefined> => {
  const key = await ports.keys.findByClientId(clientId);
  if (key === undefined) return undefined;
  // Every accepted hash is compared, so that the time taken does not tell which secret matched.
  const matched = acceptedSecretHashes(key, ports.clock.now()).map((hash) => ports.secrets.matches(clientSecret, hash));
  return matched.includes(true) ? key : undefined;
};
