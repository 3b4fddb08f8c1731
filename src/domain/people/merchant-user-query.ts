import type { FilterRules } from '../query/filter.js';
import { type ListQuery, type ListRules, NEWEST_FIRST_SORT } from '../query/list-query.js';
import { ROLES } from './role.js';

/** The fields the merchant's people can be filtered on: as account members are, and by role. */
const MERCHANT_USER_FILTERS = {
  name: ['eq', 'like'],
  email: ['eq', 'like'],
  role: ['eq'],
} as const satisfies FilterRules<string>;
export type MerchantUserFilterField = keyof typeof MERCHANT_USER_FILTERS;

export const MERCHANT_USER_LIST: ListRules<MerchantUserFilterField> = {
  filter: MERCHANT_USER_FILTERS,
  values: { role: ROLES },
  include: [],
  sort: [NEWEST_FIRST_SORT],
};
export type MerchantUserQuery = ListQuery<MerchantUserFilterField>;
