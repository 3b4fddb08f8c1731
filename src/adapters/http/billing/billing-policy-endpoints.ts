import {
  CreateDunningRule,
  DeleteDunningRule,
  GetDunningRule,
  ListDunningRules,
  UpdateDunningRule,
} from '../../../application/use-cases/billing/dunning-rules.js';
import {
  CreateProrationPolicy,
  DeleteProrationPolicy,
  GetProrationPolicy,
  ListProrationPolicies,
  UpdateProrationPolicy,
} from '../../../application/use-cases/billing/proration-policies.js';
import type { DunningRule } from '../../../domain/billing/dunning/dunning-rule.js';
import type { ProrationPolicy } from '../../../domain/billing/proration/proration-policy.js';
import { concept } from '../endpoints/endpoint.js';
import { type RecordUseCases, recordEndpoints } from '../routes/record-endpoints.js';
import { dunningRuleResource, prorationPolicyResource } from './billing-policy-documents.js';
import {
  BILLING_POLICY_SCHEMAS,
  DUNNING_RULE_OPERATIONS,
  PRORATION_POLICY_OPERATIONS,
} from './billing-policy-operations.js';

interface BillingPolicyUseCases {
  readonly prorationPolicies: RecordUseCases<ProrationPolicy>;
  readonly dunningRules: RecordUseCases<DunningRule>;
}

/**
 * `/subscriptions/proration-policies` and `/subscriptions/dunning-rules`: how the store bills, which is
 * its own business, so even reading them needs a client-credentials token.
 */
export const BILLING_POLICY_ENDPOINTS = concept<BillingPolicyUseCases>({
  useCases: ({ use }) => ({
    prorationPolicies: {
      create: use(CreateProrationPolicy),
      list: use(ListProrationPolicies),
      get: use(GetProrationPolicy),
      update: use(UpdateProrationPolicy),
      remove: use(DeleteProrationPolicy),
    },
    dunningRules: {
      create: use(CreateDunningRule),
      list: use(ListDunningRules),
      get: use(GetDunningRule),
      update: use(UpdateDunningRule),
      remove: use(DeleteDunningRule),
    },
  }),
  schemas: BILLING_POLICY_SCHEMAS,
  endpoints: [
    ...recordEndpoints(
      PRORATION_POLICY_OPERATIONS,
      (u: BillingPolicyUseCases) => u.prorationPolicies,
      (p) => prorationPolicyResource(p),
    ),
    ...recordEndpoints(
      DUNNING_RULE_OPERATIONS,
      (u: BillingPolicyUseCases) => u.dunningRules,
      (r) => dunningRuleResource(r),
    ),
  ],
});
