import type { FilterRules } from '../query/filter.js';
import type { ListQuery, ListRules } from '../query/list-query.js';

/** The fields an account list can be filtered on, as EPCC's account list takes them. */
const ACCOUNT_FILTERS = {
  id: ['eq', 'in'],
  name: ['eq'],
  legal_name: ['eq'],
  registration_id: ['eq'],
  external_ref: ['eq'],
} as const satisfies FilterRules<string>;
export type AccountFilterField = keyof typeof ACCOUNT_FILTERS;

export const ACCOUNT_LIST: ListRules<AccountFilterField> = { filter: ACCOUNT_FILTERS, include: [] };
export type AccountQuery = ListQuery<AccountFilterField>;
