import type { Role } from '../people/role.js';
import type { Uuid } from '../shared/uuid.js';

/**
 * Who a request acts for: a program holding an application key, or one of the merchant's people signed in
 * through the store's realm. The audit trail names it; a person's role bounds what the request may do.
 */
export type Actor =
  | { readonly kind: 'key'; readonly id: Uuid }
  | {
      readonly kind: 'user';
      readonly id: Uuid;
      readonly role: Role;
      /** The person's name as the session read it, for the audit trail; never a means of deciding access. */
      readonly name?: string;
    };

export const keyActor = (id: Uuid): Actor => ({ kind: 'key', id });
