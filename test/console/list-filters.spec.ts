import { expect } from 'chai';
import { LIST_FILTERS } from '../../console/src/list-filters.js';
import { ACCOUNT_MEMBER_LIST } from '../../src/domain/accounts/account-member-query.js';
import { ACCOUNT_LIST } from '../../src/domain/accounts/account-query.js';
import { AUDIT_EVENT_LIST } from '../../src/domain/audit/audit-event-query.js';
import { INVOICE_LIST } from '../../src/domain/billing/invoices/invoice-query.js';
import { CATALOGUE_LIST } from '../../src/domain/catalogue/catalogue-query.js';
import { OFFERING_LIST } from '../../src/domain/catalogue/offering-query.js';
import { DELIVERY_LIST, INTEGRATION_LIST, LOG_LIST } from '../../src/domain/integrations/integration-query.js';
import { JOB_LIST } from '../../src/domain/jobs/job-query.js';
import { MERCHANT_USER_LIST } from '../../src/domain/people/merchant-user-query.js';
import type { ListRules } from '../../src/domain/query/list-query.js';
import { SUBSCRIPTION_LIST } from '../../src/domain/subscriptions/subscription-query.js';

/** The domain's rules of the list each console list reads. */
const DOMAIN_RULES: Readonly<Record<keyof typeof LIST_FILTERS, ListRules<string, string>>> = {
  catalogue: CATALOGUE_LIST,
  offerings: OFFERING_LIST,
  accounts: ACCOUNT_LIST,
  accountMembers: ACCOUNT_MEMBER_LIST,
  merchantUsers: MERCHANT_USER_LIST,
  subscriptions: SUBSCRIPTION_LIST,
  invoices: INVOICE_LIST,
  jobs: JOB_LIST,
  integrations: INTEGRATION_LIST,
  integrationLogs: LOG_LIST,
  integrationJobs: DELIVERY_LIST,
  auditEvents: AUDIT_EVENT_LIST,
};

describe('Console: the filters each list offers are the API’s', () => {
  for (const [list, rules] of Object.entries(DOMAIN_RULES)) {
    it(`offers on ${list} every field the API filters on, with its operators, and no other`, () => {
      expect(LIST_FILTERS[list as keyof typeof LIST_FILTERS]).to.deep.equal(rules.filter);
    });
  }
});
