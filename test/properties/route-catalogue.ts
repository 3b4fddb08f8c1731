import { planData, productData, subscriptionData } from '../support/subscription-core.js';

/** The ids of one seeded store that the routes below refer to. */
export interface StoreIds {
  readonly storeId: string;
  readonly keyId: string;
  readonly mappingId: string;
  readonly productId: string;
  readonly planId: string;
  readonly offeringId: string;
  /** The offering's copy of the product, which a subscription holds. */
  readonly offeringProductId: string;
  /** The offering's copy of the plan, which a subscription names. */
  readonly offeringPlanId: string;
  readonly subscriptionId: string;
  /** A state change of that subscription. */
  readonly stateId: string;
  /** An invoice of that subscription, and a pending manual payment of it. */
  readonly invoiceId: string;
  readonly paymentId: string;
  readonly subscriberId: string;
  readonly prorationPolicyId: string;
  readonly dunningRuleId: string;
  readonly jobId: string;
  readonly importId: string;
  readonly scheduleId: string;
  /** An integration observing subscription.created, and the job the subscription's creation gave it. */
  readonly integrationId: string;
  readonly integrationJobId: string;
  /** Text values a filter could match in this store alone. */
  readonly email: string;
  readonly externalRef: string;
  readonly accountId: string;
  readonly clientId: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One route as a client calls it, with a body the service accepts when the ids are the store's own. */
export interface RouteCase {
  readonly method: Method;
  /** The router's own pattern, to prove that every route is covered. */
  readonly pattern: string;
  readonly path: (ids: StoreIds) => string;
  readonly body?: (ids: StoreIds) => unknown;
  /** The token endpoint takes a form, not a JSON document. */
  readonly form?: boolean;
  /** The import upload takes a multipart form with a file; generated bodies are JSON, which it refuses with 415. */
  readonly multipart?: boolean;
}

const SUBSCRIPTION_PREFIXES = ['/v2', ''] as const;

const subscriptionRoutes = (prefix: string): RouteCase[] => {
  const at = (pattern: string) => `${prefix}/subscriptions${pattern}`;
  const route = (
    method: Method,
    pattern: string,
    path: (ids: StoreIds) => string,
    body?: (ids: StoreIds) => unknown,
  ): RouteCase => ({
    method,
    pattern: at(pattern),
    path: (ids) => at(path(ids)),
    ...(body === undefined ? {} : { body }),
  });
  return [
    route(
      'POST',
      '/products',
      () => '/products',
      (ids) => ({ data: productData({ external_ref: ids.externalRef, sku: 'SKU-1', description: 'd' }) }),
    ),
    route('GET', '/products', (ids) => `/products?filter=eq(external_ref,${ids.externalRef})&page[limit]=5`),
    route('GET', '/products/:id', (ids) => `/products/${ids.productId}`),
    route(
      'PUT',
      '/products/:id',
      (ids) => `/products/${ids.productId}`,
      () => ({ data: { type: 'subscription_product', attributes: { name: 'Renamed' } } }),
    ),
    route('DELETE', '/products/:id', (ids) => `/products/${ids.productId}`),
    route(
      'POST',
      '/plans',
      () => '/plans',
      (ids) => ({ data: planData({ external_ref: ids.externalRef }) }),
    ),
    route('GET', '/plans', (ids) => `/plans?filter=in(external_ref,${ids.externalRef},x)`),
    route('GET', '/plans/:id', (ids) => `/plans/${ids.planId}`),
    route(
      'PUT',
      '/plans/:id',
      (ids) => `/plans/${ids.planId}`,
      () => ({ data: { type: 'subscription_plan', attributes: { billing_frequency: 2 } } }),
    ),
    route('DELETE', '/plans/:id', (ids) => `/plans/${ids.planId}`),
    route(
      'POST',
      '/offerings/build',
      () => '/offerings/build',
      (ids) => ({ data: { name: 'Club', description: 'd', products: [ids.productId], plans: [ids.planId] } }),
    ),
    route(
      'POST',
      '/offerings',
      () => '/offerings',
      (ids) => ({
        data: {
          type: 'subscription_offering',
          attributes: { name: 'Related club' },
          relationships: { products: { data: [{ type: 'subscription_product', id: ids.productId }] } },
        },
      }),
    ),
    route(
      'GET',
      '/offerings',
      (ids) => `/offerings?page[offset]=0&include=plans,products&filter=in(external_product_refs,${ids.externalRef},x)`,
    ),
    route('GET', '/offerings/:id', (ids) => `/offerings/${ids.offeringId}?include=products`),
    route('GET', '/offerings', (ids) => `/offerings?filter=eq(proration_policy_id,${ids.prorationPolicyId})`),
    route(
      'PUT',
      '/offerings/:id/relationships/proration-policies',
      (ids) => `/offerings/${ids.offeringId}/relationships/proration-policies`,
      (ids) => ({
        data: { type: 'subscription_proration_policy', id: ids.prorationPolicyId },
      }),
    ),
    route(
      'PUT',
      '/offerings/:id',
      (ids) => `/offerings/${ids.offeringId}`,
      () => ({ data: { type: 'subscription_offering', attributes: { description: 'New' } } }),
    ),
    route('DELETE', '/offerings/:id', (ids) => `/offerings/${ids.offeringId}`),
    route(
      'POST',
      '/offerings/:id/products/attach',
      (ids) => `/offerings/${ids.offeringId}/products/attach`,
      (ids) => ({ data: { products: [ids.productId] } }),
    ),
    route(
      'POST',
      '/offerings/:id/plans/attach',
      (ids) => `/offerings/${ids.offeringId}/plans/attach`,
      (ids) => ({ data: { plans: [ids.planId] } }),
    ),
    route('GET', '/offerings/:id/products', (ids) => `/offerings/${ids.offeringId}/products`),
    route('GET', '/offerings/:id/plans', (ids) => `/offerings/${ids.offeringId}/plans`),
    route(
      'PUT',
      '/offerings/:id/products/replace',
      (ids) => `/offerings/${ids.offeringId}/products/replace`,
      (ids) => ({ data: { products: [ids.productId] } }),
    ),
    route(
      'PUT',
      '/offerings/:id/products/:copyId',
      (ids) => `/offerings/${ids.offeringId}/products/${ids.offeringProductId}`,
      () => ({
        data: { type: 'subscription_offering_product', attributes: { name: 'Renamed copy', sku: null } },
      }),
    ),
    route(
      'PUT',
      '/offerings/:id/plans/:copyId',
      (ids) => `/offerings/${ids.offeringId}/plans/${ids.offeringPlanId}`,
      () => ({
        data: { type: 'subscription_offering_plan', attributes: { billing_frequency: 3 } },
      }),
    ),
    route(
      'DELETE',
      '/offerings/:id/products/:copyId',
      (ids) => `/offerings/${ids.offeringId}/products/${ids.offeringProductId}`,
    ),
    route(
      'DELETE',
      '/offerings/:id/plans/:copyId',
      (ids) => `/offerings/${ids.offeringId}/plans/${ids.offeringPlanId}`,
    ),
    route(
      'POST',
      '/subscriptions',
      () => '/subscriptions',
      (ids) => ({
        data: subscriptionData(ids.offeringId, ids.offeringPlanId, {
          account_id: ids.accountId,
          email: ids.email,
          external_ref: ids.externalRef,
        }),
      }),
    ),
    route(
      'GET',
      '/subscriptions',
      (ids) => `/subscriptions?filter=eq(email,${ids.email}):in(account_id,${ids.accountId})&include=plans,products`,
    ),
    route('GET', '/subscriptions/:id', (ids) => `/subscriptions/${ids.subscriptionId}?include=plans,products`),
    route(
      'PUT',
      '/subscriptions/:id',
      (ids) => `/subscriptions/${ids.subscriptionId}`,
      (ids) => ({
        data: {
          type: 'subscription',
          attributes: { name: 'Renamed', external_ref: null, plan_id: ids.offeringPlanId },
        },
      }),
    ),
    route('DELETE', '/subscriptions/:id', (ids) => `/subscriptions/${ids.subscriptionId}`),
    route('GET', '/subscriptions/:id/plans', (ids) => `/subscriptions/${ids.subscriptionId}/plans?page[limit]=1`),
    route('GET', '/subscriptions/:id/products', (ids) => `/subscriptions/${ids.subscriptionId}/products`),
    route(
      'PUT',
      '/subscriptions/:id/products',
      (ids) => `/subscriptions/${ids.subscriptionId}/products`,
      (ids) => ({
        data: [{ type: 'replace', products: [ids.offeringProductId] }],
      }),
    ),
    route(
      'POST',
      '/subscriptions/:id/states',
      (ids) => `/subscriptions/${ids.subscriptionId}/states`,
      () => ({
        data: { type: 'subscription_state', attributes: { action: 'resume' } },
      }),
    ),
    route('GET', '/subscriptions/:id/states', (ids) => `/subscriptions/${ids.subscriptionId}/states`),
    route(
      'GET',
      '/subscriptions/:id/states/:state_id',
      (ids) => `/subscriptions/${ids.subscriptionId}/states/${ids.stateId}`,
    ),
    route(
      'GET',
      '/invoices',
      (ids) => `/invoices?filter=eq(subscription_id,${ids.subscriptionId}):eq(outstanding,true)&page[limit]=5`,
    ),
    route('GET', '/invoices/:invoice_id', (ids) => `/invoices/${ids.invoiceId}`),
    route('GET', '/invoices/:invoice_id/payments', (ids) => `/invoices/${ids.invoiceId}/payments`),
    route(
      'GET',
      '/invoices/:invoice_id/payments/:payment_id',
      (ids) => `/invoices/${ids.invoiceId}/payments/${ids.paymentId}`,
    ),
    route(
      'PUT',
      '/invoices/:invoice_id/payments/:payment_id',
      (ids) => `/invoices/${ids.invoiceId}/payments/${ids.paymentId}`,
      () => ({
        data: { type: 'subscription_invoice_payment', attributes: { success: true, external_payment_id: 'cash-1' } },
      }),
    ),
    route(
      'POST',
      '/invoices/:invoice_id/payment-attempt-requests',
      (ids) => `/invoices/${ids.invoiceId}/payment-attempt-requests`,
    ),
    route('GET', '/subscriptions/:subscription_id/invoices', (ids) => `/subscriptions/${ids.subscriptionId}/invoices`),
    route(
      'GET',
      '/subscriptions/:subscription_id/invoices/:invoice_id',
      (ids) => `/subscriptions/${ids.subscriptionId}/invoices/${ids.invoiceId}`,
    ),
    route(
      'GET',
      '/subscriptions/:subscription_id/invoices/:invoice_id/payments',
      (ids) => `/subscriptions/${ids.subscriptionId}/invoices/${ids.invoiceId}/payments`,
    ),
    route(
      'GET',
      '/subscriptions/:subscription_id/invoices/:invoice_id/payments/:payment_id',
      (ids) => `/subscriptions/${ids.subscriptionId}/invoices/${ids.invoiceId}/payments/${ids.paymentId}`,
    ),
    route(
      'POST',
      '/subscribers',
      () => '/subscribers',
      (ids) => ({
        data: {
          type: 'subscription_subscriber',
          attributes: { account_id: ids.accountId, name: 'Ada Lovelace', email: ids.email },
        },
      }),
    ),
    route(
      'GET',
      '/subscribers',
      (ids) => `/subscribers?filter=eq(email,${ids.email}):in(account_id,${ids.accountId})&page[limit]=5`,
    ),
    route('GET', '/subscribers/:id', (ids) => `/subscribers/${ids.subscriberId}`),
    route(
      'PUT',
      '/subscribers/:id',
      (ids) => `/subscribers/${ids.subscriberId}`,
      (ids) => ({
        data: { id: ids.subscriberId, type: 'subscription_subscriber', attributes: { name: 'Grace Hopper' } },
      }),
    ),
    route('DELETE', '/subscribers/:id', (ids) => `/subscribers/${ids.subscriberId}`),
    route(
      'POST',
      '/proration-policies',
      () => '/proration-policies',
      (ids) => ({
        data: {
          type: 'subscription_proration_policy',
          attributes: { name: 'Daily', rounding: 'nearest', external_ref: `${ids.externalRef}-new` },
        },
      }),
    ),
    route('GET', '/proration-policies', () => '/proration-policies?page[limit]=5'),
    route('GET', '/proration-policies/:id', (ids) => `/proration-policies/${ids.prorationPolicyId}`),
    route(
      'PUT',
      '/proration-policies/:id',
      (ids) => `/proration-policies/${ids.prorationPolicyId}`,
      (ids) => ({
        data: { id: ids.prorationPolicyId, type: 'subscription_proration_policy', attributes: { rounding: 'down' } },
      }),
    ),
    route('DELETE', '/proration-policies/:id', (ids) => `/proration-policies/${ids.prorationPolicyId}`),
    route(
      'POST',
      '/dunning-rules',
      () => '/dunning-rules',
      () => ({
        data: {
          type: 'subscription_dunning_rule',
          attributes: { payment_retry_type: 'fixed', payment_retries_limit: 3, action: 'none' },
        },
      }),
    ),
    route('GET', '/dunning-rules', () => '/dunning-rules?page[offset]=1'),
    route('GET', '/dunning-rules/:id', (ids) => `/dunning-rules/${ids.dunningRuleId}`),
    route(
      'PUT',
      '/dunning-rules/:id',
      (ids) => `/dunning-rules/${ids.dunningRuleId}`,
      (ids) => ({
        data: {
          id: ids.dunningRuleId,
          type: 'subscription_dunning_rule',
          attributes: { payment_retry_interval: 2, payment_retry_unit: 'week' },
        },
      }),
    ),
    route('DELETE', '/dunning-rules/:id', (ids) => `/dunning-rules/${ids.dunningRuleId}`),
    route(
      'POST',
      '/jobs',
      () => '/jobs',
      (ids) => ({
        data: { type: 'subscription_job', attributes: { job_type: 'payment-run', external_ref: ids.externalRef } },
      }),
    ),
    route('GET', '/jobs', (ids) => `/jobs?filter=eq(external_ref,${ids.externalRef})&page[limit]=5`),
    route('GET', '/jobs/:id', (ids) => `/jobs/${ids.jobId}`),
    route('DELETE', '/jobs/:id', (ids) => `/jobs/${ids.jobId}`),
    {
      ...route(
        'POST',
        '/imports',
        () => '/imports',
        () => ({ data: { type: 'subscription_subscriber' } }),
      ),
      multipart: true,
    },
    route('GET', '/imports', () => '/imports?page[limit]=5'),
    route('GET', '/imports/:id', (ids) => `/imports/${ids.importId}`),
    route('GET', '/imports/:id/errors', (ids) => `/imports/${ids.importId}/errors`),
    route(
      'POST',
      '/schedules',
      () => '/schedules',
      (ids) => ({
        data: {
          type: 'subscription_schedule',
          attributes: {
            specification: '0 6 * * MON-FRI',
            location: 'UTC',
            job: { job_type: 'payment-run' },
            external_ref: `${ids.externalRef}-new`,
          },
        },
      }),
    ),
    route('GET', '/schedules', (ids) => `/schedules?filter=eq(external_ref,${ids.externalRef})&page[limit]=5`),
    route('GET', '/schedules/:id', (ids) => `/schedules/${ids.scheduleId}`),
    route(
      'PUT',
      '/schedules/:id',
      (ids) => `/schedules/${ids.scheduleId}`,
      (ids) => ({
        data: { id: ids.scheduleId, type: 'subscription_schedule', attributes: { specification: '0 0 1 * *' } },
      }),
    ),
    route('DELETE', '/schedules/:id', (ids) => `/schedules/${ids.scheduleId}`),
    route('GET', '/test-clock', () => '/test-clock'),
    route(
      'PUT',
      '/test-clock',
      () => '/test-clock',
      () => ({ data: { type: 'subscription_test_clock', attributes: { now: '2999-01-01T00:00:00Z' } } }),
    ),
  ];
};

/** Every route the service answers, each with a request it accepts; a test holds this list to the router. */
export const ROUTES: readonly RouteCase[] = [
  { method: 'GET', pattern: '/health', path: () => '/health' },
  { method: 'GET', pattern: '/health/live', path: () => '/health/live' },
  { method: 'GET', pattern: '/health/ready', path: () => '/health/ready' },
  { method: 'GET', pattern: '/metrics', path: () => '/metrics' },
  { method: 'GET', pattern: '/', path: () => '/' },
  { method: 'GET', pattern: '/v2/openapi.json', path: () => '/v2/openapi.json' },
  { method: 'GET', pattern: '/docs', path: () => '/docs' },
  ...[
    'swagger-ui.css',
    'swagger-ui-bundle.js',
    'swagger-ui-standalone-preset.js',
    'docs-init.js',
    'favicon-32x32.png',
  ].map(
    (file): RouteCase => ({
      method: 'GET',
      pattern: `/docs/${file}`,
      path: () => `/docs/${file}?v=0`,
    }),
  ),
  { method: 'GET', pattern: '/console', path: () => '/console' },
  { method: 'GET', pattern: '/console/assets/:file', path: () => '/console/assets/main-00000000.js' },
  {
    method: 'POST',
    pattern: '/oauth/access_token',
    path: () => '/oauth/access_token',
    body: (ids) => ({ grant_type: 'implicit', client_id: ids.clientId }),
    form: true,
  },
  {
    method: 'POST',
    pattern: '/oauth/revoke',
    path: () => '/oauth/revoke',
    body: () => ({ token: 'not-a-token-of-this-store' }),
    form: true,
  },
  {
    method: 'POST',
    pattern: '/v2/application-keys',
    path: () => '/v2/application-keys',
    body: () => ({ data: { type: 'application_key', name: 'Extra', reserved_rate_limit: 1 } }),
  },
  { method: 'GET', pattern: '/v2/application-keys', path: () => '/v2/application-keys?page[limit]=2' },
  { method: 'GET', pattern: '/v2/application-keys/:id', path: (ids) => `/v2/application-keys/${ids.keyId}` },
  {
    method: 'POST',
    pattern: '/v2/application-keys/:id/rotate-secret',
    path: (ids) => `/v2/application-keys/${ids.keyId}/rotate-secret`,
    // The old secret overlaps for a day, so that whatever else runs with it keeps working.
    body: () => ({
      data: { type: 'application_key', expire_current_secret_at: new Date(Date.now() + 86_400_000).toISOString() },
    }),
  },
  {
    method: 'PUT',
    pattern: '/v2/application-keys/:id',
    path: (ids) => `/v2/application-keys/${ids.keyId}`,
    body: () => ({ data: { type: 'application_key', name: 'Renamed' } }),
  },
  { method: 'DELETE', pattern: '/v2/application-keys/:id', path: (ids) => `/v2/application-keys/${ids.keyId}` },
  { method: 'GET', pattern: '/v2/merchant-realm-mappings', path: () => '/v2/merchant-realm-mappings' },
  {
    method: 'GET',
    pattern: '/v2/merchant-realm-mappings/:id',
    path: (ids) => `/v2/merchant-realm-mappings/${ids.mappingId}`,
  },
  {
    method: 'PUT',
    pattern: '/v2/merchant-realm-mappings/:id',
    path: (ids) => `/v2/merchant-realm-mappings/${ids.mappingId}`,
    body: () => ({ data: { type: 'merchant-realm-mappings', prefix: 'shop' } }),
  },
  { method: 'GET', pattern: '/v2/settings', path: () => '/v2/settings' },
  {
    method: 'PUT',
    pattern: '/v2/settings',
    path: () => '/v2/settings',
    body: () => ({ data: { type: 'settings', page_length: 10 } }),
  },
  { method: 'DELETE', pattern: '/v2/settings', path: () => '/v2/settings' },
  { method: 'GET', pattern: '/v2/settings/cart', path: () => '/v2/settings/cart' },
  {
    method: 'PUT',
    pattern: '/v2/settings/cart',
    path: () => '/v2/settings/cart',
    body: () => ({
      data: {
        type: 'settings',
        cart_expiry_days: 30,
        discounts: { use_rule_promotions: true },
        snapshot_date: '2026-02-21T15:07:25Z',
      },
    }),
  },
  { method: 'GET', pattern: '/v2/settings/account-membership', path: () => '/v2/settings/account-membership' },
  {
    method: 'PUT',
    pattern: '/v2/settings/account-membership',
    path: () => '/v2/settings/account-membership',
    body: () => ({ data: { type: 'account_membership_setting', membership_limit: 5 } }),
  },
  { method: 'GET', pattern: '/v2/settings/account-memberships', path: () => '/v2/settings/account-memberships' },
  {
    method: 'PUT',
    pattern: '/v2/settings/account-memberships',
    path: () => '/v2/settings/account-memberships',
    body: () => ({ data: { type: 'account_membership_setting', membership_limit: 5 } }),
  },
  ...SUBSCRIPTION_PREFIXES.flatMap(subscriptionRoutes),
  {
    method: 'POST',
    pattern: '/v2/integrations',
    path: () => '/v2/integrations',
    body: () => ({
      data: {
        type: 'integration',
        name: 'Another',
        integration_type: 'webhook',
        enabled: false,
        observes: ['order.created'],
        configuration: { url: 'https://93.184.215.14/other' },
      },
    }),
  },
  { method: 'GET', pattern: '/v2/integrations', path: () => '/v2/integrations?filter=eq(enabled,true)&page[limit]=5' },
  { method: 'GET', pattern: '/v2/integrations/attributes', path: () => '/v2/integrations/attributes' },
  { method: 'GET', pattern: '/v2/integrations/logs', path: () => '/v2/integrations/logs?page[limit]=5' },
  { method: 'GET', pattern: '/v2/integrations/:id', path: (ids) => `/v2/integrations/${ids.integrationId}` },
  {
    method: 'PUT',
    pattern: '/v2/integrations/:id',
    path: (ids) => `/v2/integrations/${ids.integrationId}`,
    body: (ids) => ({
      data: { id: ids.integrationId, type: 'integration', observes: ['subscription.created', 'subscription.canceled'] },
    }),
  },
  { method: 'DELETE', pattern: '/v2/integrations/:id', path: (ids) => `/v2/integrations/${ids.integrationId}` },
  {
    method: 'GET',
    pattern: '/v2/integrations/:id/logs',
    path: (ids) => `/v2/integrations/${ids.integrationId}/logs?filter=eq(succeeded,false)`,
  },
  {
    method: 'GET',
    pattern: '/v2/integrations/:id/jobs',
    path: (ids) => `/v2/integrations/${ids.integrationId}/jobs?filter=eq(triggered_by,subscription.created)`,
  },
  {
    method: 'GET',
    pattern: '/v2/integrations/:id/jobs/:job_id/logs',
    path: (ids) => `/v2/integrations/${ids.integrationId}/jobs/${ids.integrationJobId}/logs`,
  },
];
