import type { ListQuery, ListRules } from '../query/list-query.js';

/** An account's memberships, each with its member when asked (`include=account_member`). */
export const MEMBERSHIPS_OF_ACCOUNT_LIST: ListRules<never, 'account_member'> = { include: ['account_member'] };
export type MembershipsOfAccountQuery = ListQuery<never, 'account_member'>;

/** A member's memberships, each with its account when asked (`include=account`). */
export const MEMBERSHIPS_OF_MEMBER_LIST: ListRules<never, 'account'> = { include: ['account'] };
export type MembershipsOfMemberQuery = ListQuery<never, 'account'>;
