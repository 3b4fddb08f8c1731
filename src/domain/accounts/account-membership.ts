import type { Uuid } from '../shared/uuid.js';

export const ACCOUNT_MEMBERSHIP_TYPE = 'account_membership';

/** That a member may act for an account: at most one per account and member, gone with either of them. */
export interface AccountMembership {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly accountId: Uuid;
  readonly accountMemberId: Uuid;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
