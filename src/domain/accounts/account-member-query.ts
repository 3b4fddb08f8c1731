import type { FilterRules } from '../query/filter.js';
import type { ListQuery, ListRules } from '../query/list-query.js';

/** The fields an account member list can be filtered on, as EPCC's member list takes them. */
const ACCOUNT_MEMBER_FILTERS = {
  name: ['eq'],
  email: ['eq'],
} as const satisfies FilterRules<string>;
export type AccountMemberFilterField = keyof typeof ACCOUNT_MEMBER_FILTERS;

export const ACCOUNT_MEMBER_LIST: ListRules<AccountMemberFilterField> = {
  filter: ACCOUNT_MEMBER_FILTERS,
  include: [],
};
export type AccountMemberQuery = ListQuery<AccountMemberFilterField>;
