import type { MintedApplicationKey } from '../../application/use-cases/keys/mint-application-key.js';
import type { CreatedStore } from '../../application/use-cases/stores/create-store.js';

/** Plain lines a person can read and a script can grep; the secret is shown this once. */
export const keyCredentials = (minted: MintedApplicationKey): string =>
  [
    `client_id: ${minted.key.clientId}`,
    `client_secret: ${minted.clientSecret}`,
    'Keep the client secret now: it is stored only as a hash and cannot be shown again.',
    '',
  ].join('\n');

/** A new store's id above its first key's credentials. */
export const credentialsBanner = (created: CreatedStore): string =>
  `store_id: ${created.store.id}\n${keyCredentials(created)}`;
