import type { FilterRules } from '../query/filter.js';
import type { ListQuery, ListRules } from '../query/list-query.js';

/** The fields a subscription list can be filtered on, and how. */
const SUBSCRIPTION_FILTERS = {
  account_id: ['eq', 'in'],
  name: ['eq', 'in'],
  email: ['eq', 'in'],
  external_ref: ['eq', 'in'],
} as const satisfies FilterRules<string>;
export type SubscriptionFilterField = keyof typeof SUBSCRIPTION_FILTERS;

/** The related resources a subscription response can embed. */
export const SUBSCRIPTION_INCLUDES = ['plans', 'products'] as const;
export type SubscriptionInclude = (typeof SUBSCRIPTION_INCLUDES)[number];

/** The subscription list also pages by cursor, past EPCC's offset limit, for clients that ask (`page[after]`). */
export const SUBSCRIPTION_LIST: ListRules<SubscriptionFilterField, SubscriptionInclude> = {
  filter: SUBSCRIPTION_FILTERS,
  include: SUBSCRIPTION_INCLUDES,
  cursor: true,
};

/** A subscription's state history is paged like every list, with neither filters nor includes. */
export const STATE_LIST: ListRules = {};
export type SubscriptionQuery = ListQuery<SubscriptionFilterField, SubscriptionInclude>;

/**
 * The subscriptions of one account only, whatever else the query asks: a shopper's reach. The condition
 * joins the client's own (conditions are all met), so a client filter on another account finds nothing.
 */
export const ofAccount = (query: SubscriptionQuery, accountId: string): SubscriptionQuery =>
  ({ ...query, filter: [...query.filter, { op: 'eq', field: 'account_id', value: accountId }] }) as SubscriptionQuery;
