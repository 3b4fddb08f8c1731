import type { FilterRules } from '../query/filter.js';
import type { ListQuery, ListRules } from '../query/list-query.js';
import { AUDIT_ACTOR_KINDS } from './audit-event.js';

/** What the trail is filtered on: who, what, which resource, and when (`occurred_at`, after or before an instant). */
const AUDIT_EVENT_FILTERS = {
  actor_kind: ['eq', 'in'],
  actor_id: ['eq'],
  action: ['eq', 'in'],
  resource_type: ['eq', 'in'],
  resource_id: ['eq'],
  occurred_at: ['gt', 'lt'],
} as const satisfies FilterRules<string>;
export type AuditEventFilterField = keyof typeof AUDIT_EVENT_FILTERS;

export const AUDIT_EVENT_LIST: ListRules<AuditEventFilterField> = {
  filter: AUDIT_EVENT_FILTERS,
  include: [],
  values: { actor_kind: AUDIT_ACTOR_KINDS },
  instants: ['occurred_at'],
};
export type AuditEventQuery = ListQuery<AuditEventFilterField>;
