import type { CreatedStore } from '../../application/use-cases/create-store.js';

/** Plain lines a person can read and a script can grep; the secret is shown this once. */
export const credentialsBanner = (created: CreatedStore): string =>
  [
    `store_id: ${created.store.id}`,
    `client_id: ${created.key.clientId}`,
    `client_secret: ${created.clientSecret}`,
    'Keep the client secret now: it is stored only as a hash and cannot be shown again.',
    '',
  ].join('\n');
