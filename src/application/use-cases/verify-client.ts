import type { ApplicationKey } from '../../domain/application-key/application-key.js';
import type { ApplicationKeyRepository } from '../ports/application-key-repository.js';
import type { Clock, Secrets } from '../ports/system.js';

export const INVALID_CREDENTIALS = 'the client credentials are not valid';

/** The key a client authenticates as, when `clientSecret` is one of its secrets valid now; otherwise undefined. */
export const verifyClient = async (
  ports: { readonly keys: Pick<ApplicationKeyRepository, 'findByClientId'>; readonly secrets: Secrets; readonly clock: Clock },
  clientId: string,
  clientSecret: string,
): Promise<ApplicationKey | undefined> => {
  const key = await ports.keys.findByClientId(clientId);
  return key !== undefined && ports.secrets.matches(clientSecret, key.secretHash) ? key : undefined;
};
