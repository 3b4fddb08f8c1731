import type { Uuid } from '../shared/uuid.js';

export const ACCOUNT_MEMBER_TYPE = 'account_member';

/**
 * A person who may act for accounts. It is also EPCC's user-authentication-info of the store's account
 * realm: one record under one id, so the member a shopper signs in as is the member the merchant sees.
 * Its email is unique in the store, compared case-insensitively.
 */
export interface AccountMember {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly name: string;
  readonly email: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
