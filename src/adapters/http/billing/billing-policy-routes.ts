import type Router from '@koa/router';
import type { DunningRule } from '../../../domain/billing/dunning-rule.js';
import type { ProrationPolicy } from '../../../domain/billing/proration-policy.js';
import { dunningRuleResource, prorationPolicyResource } from './billing-policy-documents.js';
import type { HttpState } from '../http-state.js';
import { BILLING_ACCESS, recordRoutes, type RecordUseCases } from '../routes/record-routes.js';
import type { RouteContext } from '../routes/route-context.js';

/**
 * `/subscriptions/proration-policies` and `/subscriptions/dunning-rules`: how the store bills, which is
 * its own business, so even reading them needs a client-credentials token.
 */
export const billingPolicyRoutes = (
  router: Router<HttpState>,
  useCases: {
    readonly prorationPolicies: RecordUseCases<ProrationPolicy>;
    readonly dunningRules: RecordUseCases<DunningRule>;
  },
  routes: RouteContext,
): void => {
  recordRoutes(router, routes, '/subscriptions/proration-policies', BILLING_ACCESS, useCases.prorationPolicies, (p) =>
    prorationPolicyResource(p),
  );
  recordRoutes(router, routes, '/subscriptions/dunning-rules', BILLING_ACCESS, useCases.dunningRules, (r) =>
    dunningRuleResource(r),
  );
};
