import type { Uuid } from '../shared/uuid.js';
import type { Role } from './role.js';

export const MERCHANT_USER_TYPE = 'merchant_user';
export const MERCHANT_USER_NOT_FOUND = 'merchant user not found';

/**
 * One of the merchant's people: signs in to the console through the store's merchant realm (a password
 * profile or an OpenID Connect profile) and acts with the rights of one role.
 */
export interface MerchantUser {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly name: string;
  /** Unique in the store regardless of case (`emailKey`). */
  readonly email: string;
  readonly role: Role;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** Null until the first console session. */
  readonly lastSignedInAt: Date | null;
}

/** Two people of a store never share an email address, compared in this form. */
export const emailKey = (email: string): string => email.toLowerCase();

export interface MerchantUserFields {
  readonly name: string;
  readonly email: string;
  readonly role: Role;
}

export const newMerchantUser = (id: Uuid, storeId: Uuid, fields: MerchantUserFields, now: Date): MerchantUser => ({
  id,
  storeId,
  ...fields,
  createdAt: now,
  updatedAt: now,
  lastSignedInAt: null,
});

/**
 * A store that has an owner keeps one: the change (or deletion, `after` undefined) that would take away the
 * last owner's role is refused. A store whose first person is not an owner yet is managed by a key.
 */
export const removesLastOwner = (before: MerchantUser, after: MerchantUser | undefined, otherOwners: number): boolean =>
  before.role === 'owner' && after?.role !== 'owner' && otherOwners === 0;
