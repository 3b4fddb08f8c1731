import type { Operator } from './filter.js';

/** Each field of a list with the operators the API takes on it. */
export type ListFilters = Readonly<Record<string, readonly Operator[]>>;

/**
 * What each list of the console lets a merchant filter on: each field with the operators the API takes on
 * it. The console is a bundle of its own and cannot import the service's rules, so
 * `test/console/list-filters.spec.ts` holds every entry equal to the list's rules in the domain: a field
 * added there, or an operator, fails that test until it is offered here.
 */
export const LIST_FILTERS = {
  catalogue: { external_ref: ['eq', 'in'] },
  offerings: { external_ref: ['eq', 'in'], external_product_refs: ['in'], proration_policy_id: ['eq', 'in'] },
  accounts: {
    id: ['eq', 'in'],
    name: ['eq', 'like'],
    legal_name: ['eq', 'like'],
    registration_id: ['eq', 'like'],
    external_ref: ['eq', 'like'],
  },
  accountMembers: { name: ['eq', 'like'], email: ['eq', 'like'] },
  merchantUsers: { name: ['eq', 'like'], email: ['eq', 'like'], role: ['eq'] },
  subscriptions: { account_id: ['eq', 'in'], name: ['eq', 'in'], email: ['eq', 'in'], external_ref: ['eq', 'in'] },
  invoices: { subscriber_id: ['eq'], subscription_id: ['eq'], outstanding: ['eq'], tax_required: ['eq'] },
  jobs: { external_ref: ['eq'] },
  integrations: { name: ['eq', 'in'], integration_type: ['eq', 'in'], enabled: ['eq'] },
  integrationLogs: { succeeded: ['eq'] },
  integrationJobs: { status: ['eq', 'in'], triggered_by: ['eq', 'in'] },
  auditEvents: {
    actor_kind: ['eq', 'in'],
    actor_id: ['eq'],
    action: ['eq', 'in'],
    resource_type: ['eq', 'in'],
    resource_id: ['eq'],
    occurred_at: ['gt', 'lt'],
  },
} as const satisfies Readonly<Record<string, ListFilters>>;

export type FilterableList = keyof typeof LIST_FILTERS;
