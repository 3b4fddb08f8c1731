import type { Uuid } from '../shared/uuid.js';
/** The two OAuth grants of `POST /oauth/access_token`. */
export type GrantType = 'client_credentials' | 'implicit';

/** Who is calling: the store a token belongs to, the key it came from, and how it was obtained. */
export interface Principal {
  readonly storeId: Uuid;
  readonly applicationKeyId: Uuid;
  readonly grant: GrantType;
}

/**
 * What an operation needs: reading the public catalogue (products, plans, offerings), reading the store's
 * other data (subscriptions and their states hold personal data), writing, or administering credentials.
 */
export type Access = 'catalogue' | 'read' | 'write' | 'admin';

/**
 * An implicit token needs only a `client_id`, which every storefront publishes, so it may read the
 * catalogue and nothing else; a client-credentials token may do everything.
 */
export const permits = (grant: GrantType, access: Access): boolean => grant === 'client_credentials' || access === 'catalogue';
