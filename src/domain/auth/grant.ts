import type { Uuid } from '../shared/uuid.js';
import type { Access } from './access.js';
import type { SignedInShopper } from './account-member-token.js';
import type { Actor } from './actor.js';
import type { KeyScopes } from './scope.js';
/** The two OAuth grants of `POST /oauth/access_token`. */
export type GrantType = 'client_credentials' | 'implicit';

/** Who is calling: the store a token belongs to, the key it came from, and how it was obtained. */
export interface Principal {
  readonly storeId: Uuid;
  /** The key the token or console session came from; absent for a person's console session. */
  readonly applicationKeyId?: Uuid;
  readonly grant: GrantType;
  /** The scopes of the key the token was minted from, as they are now; null for full access. */
  readonly scopes: KeyScopes;
  /** The key's program, or the person whose console session made the request. */
  readonly actor: Actor;
  /** Present when an implicit token came with a valid account member token, on an operation open to shoppers. */
  readonly shopper?: SignedInShopper;
}

export type { Access } from './access.js';

/**
 * An implicit token needs only a `client_id`, which every storefront publishes, so it may read the
 * catalogue and nothing else; a client-credentials token may do everything.
 */
export const permits = (grant: GrantType, access: Access): boolean =>
  grant === 'client_credentials' || access === 'catalogue';
