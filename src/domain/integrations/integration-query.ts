import { BOOLEAN_FILTER_VALUES, type FilterRules } from '../query/filter.js';
import type { ListQuery, ListRules } from '../query/list-query.js';

/** What an integration list can be filtered on. */
const INTEGRATION_FILTERS = {
  name: ['eq', 'in'],
  integration_type: ['eq', 'in'],
  enabled: ['eq'],
} as const satisfies FilterRules<string>;
export type IntegrationFilterField = keyof typeof INTEGRATION_FILTERS;
export const INTEGRATION_LIST: ListRules<IntegrationFilterField> = {
  filter: INTEGRATION_FILTERS,
  include: [],
  values: { enabled: BOOLEAN_FILTER_VALUES },
};
export type IntegrationQuery = ListQuery<IntegrationFilterField>;

/** What a log list can be filtered on. */
const LOG_FILTERS = {
  succeeded: ['eq'],
} as const satisfies FilterRules<string>;
export type LogFilterField = keyof typeof LOG_FILTERS;
export const LOG_LIST: ListRules<LogFilterField> = {
  filter: LOG_FILTERS,
  include: [],
  values: { succeeded: BOOLEAN_FILTER_VALUES },
};
export type LogQuery = ListQuery<LogFilterField>;

/** What a job list can be filtered on. */
const DELIVERY_FILTERS = {
  status: ['eq', 'in'],
  triggered_by: ['eq', 'in'],
} as const satisfies FilterRules<string>;
export type DeliveryFilterField = keyof typeof DELIVERY_FILTERS;
export const DELIVERY_LIST: ListRules<DeliveryFilterField> = { filter: DELIVERY_FILTERS, include: [] };
export type DeliveryQuery = ListQuery<DeliveryFilterField>;
