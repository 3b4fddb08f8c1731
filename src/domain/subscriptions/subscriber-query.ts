import type { FilterRules } from '../query/filter.js';
import type { ListQuery, ListRules } from '../query/list-query.js';

/**
 * The fields a subscriber list can be filtered on, and how. EPCC's table also names `external_ref`, an
 * attribute its subscribers do not have: no subscriber could match it, so it is refused as unknown.
 */
const SUBSCRIBER_FILTERS = {
  account_id: ['eq', 'in'],
  name: ['eq', 'in'],
  email: ['eq', 'in'],
} as const satisfies FilterRules<string>;
export type SubscriberFilterField = keyof typeof SUBSCRIBER_FILTERS;

export const SUBSCRIBER_LIST: ListRules<SubscriberFilterField> = { filter: SUBSCRIBER_FILTERS, include: [] };
export type SubscriberQuery = ListQuery<SubscriberFilterField>;
