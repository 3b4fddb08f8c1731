import type { Uuid } from '../shared/uuid.js';
/** The two OAuth grants of `POST /oauth/access_token`. */
export type GrantType = 'client_credentials' | 'implicit';

/** Who is calling: the store a token belongs to, the key it came from, and how it was obtained. */
export interface Principal {
  readonly storeId: Uuid;
  readonly applicationKeyId: Uuid;
  readonly grant: GrantType;
}

/** What an operation needs: reading storefront data, writing, or administering the store's credentials. */
export type Access = 'read' | 'write' | 'admin';

/** Implicit tokens may only read storefront data; client-credentials tokens may do everything. */
export const permits = (grant: GrantType, access: Access): boolean => grant === 'client_credentials' || access === 'read';
