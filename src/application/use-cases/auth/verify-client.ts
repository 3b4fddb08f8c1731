import { type ApplicationKey, acceptedSecretHashes } from '../../../domain/keys/application-key.js';
import type { ApplicationKeyRepository } from '../../ports/keys/application-key-repository.js';
import type { Clock, Secrets } from '../../ports/system.js';

export const INVALID_CREDENTIALS = 'the client credentials are not valid';

// A hash no secret matches in practice, made by the same Secrets as the stored ones (so of the same form),
// once per Secrets.
const unknownClientHashes = new WeakMap<Secrets, string>();
const unknownClientHash = (secrets: Secrets): string => {
  let hash = unknownClientHashes.get(secrets);
  if (hash === undefined) {
    hash = secrets.hash(`no client has this secret: ${secrets.random(256)}`);
    unknownClientHashes.set(secrets, hash);
  }
  return hash;
};

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
  // The secret is compared whether the client id exists or not, so that the time taken does not tell; and
  // every accepted hash is compared, so that it does not tell which secret matched.
  const hashes = key === undefined ? [unknownClientHash(ports.secrets)] : acceptedSecretHashes(key, ports.clock.now());
  const matched = hashes.map((hash) => ports.secrets.matches(clientSecret, hash));
  return key !== undefined && matched.includes(true) ? key : undefined;
};
