import { API_ENDPOINTS } from '../../src/adapters/http/api-endpoints.js';
import { routerPatterns } from '../../src/adapters/http/endpoints/endpoint.js';
import {
  DEFAULT_SUBSCRIPTIONS_GENERATION,
  type SubscriptionsGeneration,
} from '../../src/domain/settings/subscriptions-generation.js';
import { planData, productData, subscriptionData } from '../support/subscription-core.js';

/**
 * A profile id no store holds: making a profile needs its provider to answer, which the property tests'
 * stores have none of, so the profile routes are exercised on their refusals.
 */
const UNSEEDED_OIDC_PROFILE = '00000000-0000-4000-8000-0000000000aa';

/** A day after the catalogue loaded: far enough ahead for every run, and the same in every body built. */
const A_DAY_AFTER_LOADING = new Date(Date.now() + 86_400_000).toISOString();

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
  /** A refund of that payment (EPCC 2026's). */
  readonly refundId: string;
  readonly subscriberId: string;
  readonly prorationPolicyId: string;
  readonly dunningRuleId: string;
  /** A feature (the 2025 generation's), and the offering's copy of it. */
  readonly featureId: string;
  readonly offeringFeatureId: string;
  readonly jobId: string;
  readonly importId: string;
  readonly scheduleId: string;
  /** An integration observing subscription.created, and the job the subscription's creation gave it. */
  readonly integrationId: string;
  readonly integrationJobId: string;
  /** The audit event of that integration's creation. */
  readonly auditEventId: string;
  /** Text values a filter could match in this store alone. */
  readonly email: string;
  readonly externalRef: string;
  /** An account (the one the subscription is made for), a member of it, and that membership. */
  readonly accountId: string;
  readonly accountMemberId: string;
  readonly membershipId: string;
  /** The store's account realm, a password profile of it, and the member's username and password in that profile. */
  readonly realmId: string;
  readonly passwordProfileId: string;
  readonly passwordProfileInfoId: string;
  /** One of the merchant's people (an admin, so that deleting them leaves no store without its owner). */
  readonly merchantUserId: string;
  readonly clientId: string;
}

/** The password of the seeded member's username, which is made of the member's id. */
export const SEEDED_PASSWORD = 'seeded password';
export const seededUsername = (accountMemberId: string): string => `member-${accountMemberId}`;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request to one declared operation, with a body the service accepts when the ids are the store's own. */
interface OperationCase {
  /** The `operationId` of the endpoint's declaration, which gives the case its method and pattern. */
  readonly operation: string;
  readonly path: (ids: StoreIds) => string;
  readonly body?: (ids: StoreIds) => unknown;
  /** The token endpoint takes a form, not a JSON document. */
  readonly form?: boolean;
  /** The import upload takes a multipart form with a file; generated bodies are JSON, which it refuses with 415. */
  readonly multipart?: boolean;
  /** The generation whose declaration answers; the path pins it with its `/generations/<g>` prefix. */
  readonly generation?: SubscriptionsGeneration;
}

/** One route as a client calls it: an operation's case with the method and pattern its declaration gives. */
export interface RouteCase extends OperationCase {
  readonly method: Method;
  /** The router's own pattern, to prove that every route is covered. */
  readonly pattern: string;
}

const DECLARED = API_ENDPOINTS.flatMap((concept) => concept.endpoints);

/** Ids that are their own names, so that a case's path can be matched to a pattern without a store. */
const NAMED_IDS = new Proxy({}, { get: (_, name) => String(name) }) as StoreIds;

const matches = (pattern: string, path: string): boolean =>
  new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`).test(path.split('?')[0] ?? '');

/**
 * The case with its method and pattern read from the operation's declaration (the pattern its path is
 * served at: with or without `/v2`, or an older spelling). A case naming no declared operation, or a path
 * its operation is not served at, is a mistake of this catalogue, refused when it loads.
 */
const declared = (operationCase: OperationCase): RouteCase => {
  const endpoint = DECLARED.find(
    (e) =>
      e.spec.operationId === operationCase.operation &&
      (e.generation === undefined || e.generation === (operationCase.generation ?? DEFAULT_SUBSCRIPTIONS_GENERATION)),
  );
  if (endpoint === undefined) throw new Error(`no endpoint declares the operation ${operationCase.operation}`);
  const prefix = operationCase.generation === undefined ? '' : `/generations/${operationCase.generation}`;
  const pinned = operationCase.path(NAMED_IDS);
  if (!pinned.startsWith(prefix)) throw new Error(`${operationCase.operation} is not called under ${prefix}`);
  const path = pinned.slice(prefix.length);
  const pattern = routerPatterns(endpoint).find((p) => matches(p, path));
  if (pattern === undefined) throw new Error(`${operationCase.operation} is not served at ${path}`);
  return { ...operationCase, method: endpoint.method.toUpperCase() as Method, pattern };
};

const SUBSCRIPTION_PREFIXES = ['/v2', ''] as const;

/** The case called under the prefix that pins the generation its operation belongs to. */
const inGeneration =
  (generation: SubscriptionsGeneration) =>
  (operationCase: OperationCase): OperationCase => ({
    ...operationCase,
    generation,
    path: (ids) => `/generations/${generation}${operationCase.path(ids)}`,
  });

const subscriptionRoutes = (prefix: string): OperationCase[] => {
  const at = (path: string) => `${prefix}/subscriptions${path}`;
  const route = (
    operation: string,
    path: (ids: StoreIds) => string,
    body?: (ids: StoreIds) => unknown,
  ): OperationCase => ({
    operation,
    path: (ids) => at(path(ids)),
    ...(body === undefined ? {} : { body }),
  });
  return [
    route(
      'createSubscriptionProduct',
      () => '/products',
      (ids) => ({ data: productData({ external_ref: ids.externalRef, sku: 'SKU-1', description: 'd' }) }),
    ),
    route('listSubscriptionProducts', (ids) => `/products?filter=eq(external_ref,${ids.externalRef})&page[limit]=5`),
    route('getSubscriptionProduct', (ids) => `/products/${ids.productId}`),
    route(
      'updateSubscriptionProduct',
      (ids) => `/products/${ids.productId}`,
      () => ({ data: { type: 'subscription_product', attributes: { name: 'Renamed' } } }),
    ),
    route('deleteSubscriptionProduct', (ids) => `/products/${ids.productId}`),
    route(
      'createSubscriptionPlan',
      () => '/plans',
      (ids) => ({ data: planData({ external_ref: ids.externalRef }) }),
    ),
    route('listSubscriptionPlans', (ids) => `/plans?filter=in(external_ref,${ids.externalRef},x)`),
    route('getSubscriptionPlan', (ids) => `/plans/${ids.planId}`),
    route(
      'updateSubscriptionPlan',
      (ids) => `/plans/${ids.planId}`,
      () => ({ data: { type: 'subscription_plan', attributes: { billing_frequency: 2 } } }),
    ),
    route('deleteSubscriptionPlan', (ids) => `/plans/${ids.planId}`),
    route(
      'buildSubscriptionOffering',
      () => '/offerings/build',
      (ids) => ({ data: { name: 'Club', description: 'd', products: [ids.productId], plans: [ids.planId] } }),
    ),
    route(
      'createSubscriptionOffering',
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
      'listSubscriptionOfferings',
      (ids) => `/offerings?page[offset]=0&include=plans,products&filter=in(external_product_refs,${ids.externalRef},x)`,
    ),
    route('getSubscriptionOffering', (ids) => `/offerings/${ids.offeringId}?include=products`),
    route('listSubscriptionOfferings', (ids) => `/offerings?filter=eq(proration_policy_id,${ids.prorationPolicyId})`),
    route(
      'manageOfferingProrationPolicy',
      (ids) => `/offerings/${ids.offeringId}/relationships/proration-policies`,
      (ids) => ({
        data: { type: 'subscription_proration_policy', id: ids.prorationPolicyId },
      }),
    ),
    route(
      'updateSubscriptionOffering',
      (ids) => `/offerings/${ids.offeringId}`,
      () => ({ data: { type: 'subscription_offering', attributes: { description: 'New' } } }),
    ),
    route('deleteSubscriptionOffering', (ids) => `/offerings/${ids.offeringId}`),
    route(
      'attachSubscriptionOfferingProducts',
      (ids) => `/offerings/${ids.offeringId}/products/attach`,
      (ids) => ({ data: { products: [ids.productId] } }),
    ),
    route(
      'attachSubscriptionOfferingPlans',
      (ids) => `/offerings/${ids.offeringId}/plans/attach`,
      (ids) => ({ data: { plans: [ids.planId] } }),
    ),
    route('listSubscriptionOfferingProducts', (ids) => `/offerings/${ids.offeringId}/products`),
    route('listSubscriptionOfferingPlans', (ids) => `/offerings/${ids.offeringId}/plans`),
    route(
      'replaceSubscriptionOfferingProducts',
      (ids) => `/offerings/${ids.offeringId}/products/replace`,
      (ids) => ({ data: { products: [ids.productId] } }),
    ),
    route(
      'updateSubscriptionOfferingProduct',
      (ids) => `/offerings/${ids.offeringId}/products/${ids.offeringProductId}`,
      () => ({
        data: { type: 'subscription_offering_product', attributes: { name: 'Renamed copy', sku: null } },
      }),
    ),
    route(
      'updateSubscriptionOfferingPlan',
      (ids) => `/offerings/${ids.offeringId}/plans/${ids.offeringPlanId}`,
      () => ({
        data: { type: 'subscription_offering_plan', attributes: { billing_frequency: 3 } },
      }),
    ),
    route(
      'detachSubscriptionOfferingProduct',
      (ids) => `/offerings/${ids.offeringId}/products/${ids.offeringProductId}`,
    ),
    route('detachSubscriptionOfferingPlan', (ids) => `/offerings/${ids.offeringId}/plans/${ids.offeringPlanId}`),
    // The same offering on the 2025 wire: its product copy is a plan, its plan copy a pricing option.
    ...[
      route(
        'BuildOffering',
        () => '/offerings/build',
        (ids) => ({
          data: {
            name: 'Club',
            external_ref: ids.externalRef,
            plans: [{ name: 'Beans', external_ref: ids.externalRef }],
            pricing_options: [planData().attributes],
          },
        }),
      ),
      route(
        'CreateOffering',
        () => '/offerings',
        (ids) => ({
          data: {
            type: 'subscription_offering',
            attributes: { name: 'Club' },
            relationships: { proration_policy: { type: 'subscription_proration_policy', id: ids.prorationPolicyId } },
          },
        }),
      ),
      route(
        'ListOfferings',
        (ids) => `/offerings?include=plans,pricing_options,features&filter=eq(plans.external_ref,${ids.externalRef})`,
      ),
      route('GetOffering', (ids) => `/offerings/${ids.offeringId}?include=pricing_options`),
      route(
        'UpdateOffering',
        (ids) => `/offerings/${ids.offeringId}`,
        (ids) => ({
          data: { id: ids.offeringId, type: 'subscription_offering', relationships: { proration_policy: null } },
        }),
      ),
      route('ListOfferingPlans', (ids) => `/offerings/${ids.offeringId}/plans`),
      route(
        'CreateOfferingPlan',
        (ids) => `/offerings/${ids.offeringId}/plans`,
        () => ({ data: { type: 'subscription_offering_plan', attributes: { name: 'Mugs' } } }),
      ),
      route('GetOfferingPlan', (ids) => `/offerings/${ids.offeringId}/plans/${ids.offeringProductId}`),
      route(
        'UpdateOfferingPlan',
        (ids) => `/offerings/${ids.offeringId}/plans/${ids.offeringProductId}`,
        (ids) => ({
          data: { id: ids.offeringProductId, type: 'subscription_offering_plan', attributes: { sku: null } },
        }),
      ),
      route(
        'ListOfferingPlanPricingOptions',
        (ids) => `/offerings/${ids.offeringId}/plans/${ids.offeringProductId}/relationships/pricing_options`,
      ),
      route(
        'AddOfferingPlanPricingOptions',
        (ids) => `/offerings/${ids.offeringId}/plans/${ids.offeringProductId}/relationships/pricing_options`,
        (ids) => ({ data: [{ type: 'subscription_offering_pricing_option', id: ids.offeringPlanId }] }),
      ),
      route(
        'RemoveOfferingPlanPricingOptions',
        (ids) => `/offerings/${ids.offeringId}/plans/${ids.offeringProductId}/relationships/pricing_options`,
        (ids) => ({ data: [{ type: 'subscription_offering_pricing_option', id: ids.offeringPlanId }] }),
      ),
      route('DeleteOfferingPlan', (ids) => `/offerings/${ids.offeringId}/plans/${ids.offeringProductId}`),
      route('ListOfferingPricingOptions', (ids) => `/offerings/${ids.offeringId}/pricing-options`),
      route(
        'CreateOfferingPricingOption',
        (ids) => `/offerings/${ids.offeringId}/pricing-options`,
        () => ({ data: { type: 'subscription_offering_pricing_option', attributes: planData().attributes } }),
      ),
      route('GetOfferingPricingOption', (ids) => `/offerings/${ids.offeringId}/pricing-options/${ids.offeringPlanId}`),
      route(
        'UpdateOfferingPricingOption',
        (ids) => `/offerings/${ids.offeringId}/pricing-options/${ids.offeringPlanId}`,
        (ids) => ({
          data: {
            id: ids.offeringPlanId,
            type: 'subscription_offering_pricing_option',
            attributes: { billing_frequency: 2 },
          },
        }),
      ),
      route(
        'DeleteOfferingPricingOption',
        (ids) => `/offerings/${ids.offeringId}/pricing-options/${ids.offeringPlanId}`,
      ),
      route('ListOfferingFeatures', (ids) => `/offerings/${ids.offeringId}/features?page[limit]=1`),
      route(
        'CreateOfferingFeature',
        (ids) => `/offerings/${ids.offeringId}/features`,
        () => ({
          data: {
            type: 'subscription_offering_feature',
            attributes: { name: 'Made here', configuration: { type: 'access', tag: 'here' } },
          },
        }),
      ),
      route(
        'AttachOfferingFeature',
        (ids) => `/offerings/${ids.offeringId}/features/attach`,
        (ids) => ({ data: { features: [ids.featureId] } }),
      ),
      route('GetOfferingFeature', (ids) => `/offerings/${ids.offeringId}/features/${ids.offeringFeatureId}`),
      route(
        'UpdateOfferingFeature',
        (ids) => `/offerings/${ids.offeringId}/features/${ids.offeringFeatureId}`,
        (ids) => ({
          data: { id: ids.offeringFeatureId, type: 'subscription_offering_feature', attributes: { description: 'd' } },
        }),
      ),
      route('DeleteOfferingFeature', (ids) => `/offerings/${ids.offeringId}/features/${ids.offeringFeatureId}`),
    ].map(inGeneration('2025')),
    route(
      'createSubscription',
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
      'listSubscriptions',
      (ids) => `/subscriptions?filter=eq(email,${ids.email}):in(account_id,${ids.accountId})&include=plans,products`,
    ),
    route('getSubscription', (ids) => `/subscriptions/${ids.subscriptionId}?include=plans,products`),
    route(
      'updateSubscription',
      (ids) => `/subscriptions/${ids.subscriptionId}`,
      (ids) => ({
        data: {
          type: 'subscription',
          attributes: { name: 'Renamed', external_ref: null, plan_id: ids.offeringPlanId },
        },
      }),
    ),
    route('deleteSubscription', (ids) => `/subscriptions/${ids.subscriptionId}`),
    route('listPlansOfSubscription', (ids) => `/subscriptions/${ids.subscriptionId}/plans?page[limit]=1`),
    route('listProductsOfSubscription', (ids) => `/subscriptions/${ids.subscriptionId}/products`),
    // The 2025 operations only that generation has (its others share their 2024 twins' routes).
    ...[
      route('GetSubscriptionPlan', (ids) => `/subscriptions/${ids.subscriptionId}/plans/${ids.offeringProductId}`),
      route(
        'ManageSubscriptionPlans',
        (ids) => `/subscriptions/${ids.subscriptionId}/plans`,
        (ids) => ({ data: [{ type: 'detach', plans: [ids.offeringProductId] }] }),
      ),
      route('ListSubscriptionPricingOptions', (ids) => `/subscriptions/${ids.subscriptionId}/pricing-options`),
      route('ListSubscriptionFeatures', (ids) => `/subscriptions/${ids.subscriptionId}/features`),
      route(
        'GetSubscriptionFeature',
        (ids) => `/subscriptions/${ids.subscriptionId}/features/${ids.offeringFeatureId}`,
      ),
      route(
        'GetSubscriptionPricingOption',
        (ids) => `/subscriptions/${ids.subscriptionId}/pricing-options/${ids.offeringPlanId}`,
      ),
      route(
        'CreateSubscriptionProrationPreview',
        (ids) => `/subscriptions/${ids.subscriptionId}/proration-preview`,
        (ids) => ({
          data: {
            type: 'proration_preview_request',
            attributes: {
              trigger: 'plan_pricing_option_change',
              pricing_option_id: ids.offeringPlanId,
              plan_id: ids.offeringProductId,
            },
          },
        }),
      ),
    ].map(inGeneration('2025')),
    route(
      'manageProductsOfSubscription',
      (ids) => `/subscriptions/${ids.subscriptionId}/products`,
      (ids) => ({
        data: [{ type: 'replace', products: [ids.offeringProductId] }],
      }),
    ),
    route(
      'changeSubscriptionState',
      (ids) => `/subscriptions/${ids.subscriptionId}/states`,
      () => ({
        data: { type: 'subscription_state', attributes: { action: 'resume' } },
      }),
    ),
    route('listSubscriptionStates', (ids) => `/subscriptions/${ids.subscriptionId}/states`),
    route('getSubscriptionState', (ids) => `/subscriptions/${ids.subscriptionId}/states/${ids.stateId}`),
    route(
      'listInvoices',
      (ids) => `/invoices?filter=eq(subscription_id,${ids.subscriptionId}):eq(outstanding,true)&page[limit]=5`,
    ),
    route('getInvoice', (ids) => `/invoices/${ids.invoiceId}`),
    route('listInvoicePayments', (ids) => `/invoices/${ids.invoiceId}/payments`),
    route('getInvoicePayment', (ids) => `/invoices/${ids.invoiceId}/payments/${ids.paymentId}`),
    route(
      'updateInvoicePayment',
      (ids) => `/invoices/${ids.invoiceId}/payments/${ids.paymentId}`,
      () => ({
        data: { type: 'subscription_invoice_payment', attributes: { success: true, external_payment_id: 'cash-1' } },
      }),
    ),
    ...[
      route(
        'CreateInvoicePaymentRefund',
        (ids) => `/invoices/${ids.invoiceId}/payments/${ids.paymentId}/refunds`,
        () => ({
          data: { type: 'subscription_invoice_payment_refund', attributes: { amount: 1, reason: 'goodwill' } },
        }),
      ),
      route('ListInvoicePaymentRefunds', (ids) => `/invoices/${ids.invoiceId}/payments/${ids.paymentId}/refunds`),
      route(
        'GetInvoicePaymentRefund',
        (ids) => `/invoices/${ids.invoiceId}/payments/${ids.paymentId}/refunds/${ids.refundId}`,
      ),
    ].map(inGeneration('2025')),
    route('requestInvoicePaymentAttempt', (ids) => `/invoices/${ids.invoiceId}/payment-attempt-requests`),
    route('listSubscriptionInvoices', (ids) => `/subscriptions/${ids.subscriptionId}/invoices`),
    route('getSubscriptionInvoice', (ids) => `/subscriptions/${ids.subscriptionId}/invoices/${ids.invoiceId}`),
    route(
      'listSubscriptionInvoicePayments',
      (ids) => `/subscriptions/${ids.subscriptionId}/invoices/${ids.invoiceId}/payments`,
    ),
    route(
      'getSubscriptionInvoicePayment',
      (ids) => `/subscriptions/${ids.subscriptionId}/invoices/${ids.invoiceId}/payments/${ids.paymentId}`,
    ),
    route(
      'createSubscriber',
      () => '/subscribers',
      (ids) => ({
        data: {
          type: 'subscription_subscriber',
          attributes: { account_id: ids.accountId, name: 'Ada Lovelace', email: ids.email },
        },
      }),
    ),
    route(
      'listSubscribers',
      (ids) => `/subscribers?filter=eq(email,${ids.email}):in(account_id,${ids.accountId})&page[limit]=5`,
    ),
    route('getSubscriber', (ids) => `/subscribers/${ids.subscriberId}`),
    route(
      'updateSubscriber',
      (ids) => `/subscribers/${ids.subscriberId}`,
      (ids) => ({
        data: { id: ids.subscriberId, type: 'subscription_subscriber', attributes: { name: 'Grace Hopper' } },
      }),
    ),
    route('deleteSubscriber', (ids) => `/subscribers/${ids.subscriberId}`),
    route(
      'createProrationPolicy',
      () => '/proration-policies',
      (ids) => ({
        data: {
          type: 'subscription_proration_policy',
          attributes: { name: 'Daily', rounding: 'nearest', external_ref: `${ids.externalRef}-new` },
        },
      }),
    ),
    route('listProrationPolicies', () => '/proration-policies?page[limit]=5'),
    route('getProrationPolicy', (ids) => `/proration-policies/${ids.prorationPolicyId}`),
    route(
      'updateProrationPolicy',
      (ids) => `/proration-policies/${ids.prorationPolicyId}`,
      (ids) => ({
        data: { id: ids.prorationPolicyId, type: 'subscription_proration_policy', attributes: { rounding: 'down' } },
      }),
    ),
    route('deleteProrationPolicy', (ids) => `/proration-policies/${ids.prorationPolicyId}`),
    route(
      'createDunningRule',
      () => '/dunning-rules',
      () => ({
        data: {
          type: 'subscription_dunning_rule',
          attributes: { payment_retry_type: 'fixed', payment_retries_limit: 3, action: 'none' },
        },
      }),
    ),
    route('listDunningRules', () => '/dunning-rules?page[offset]=1'),
    route('getDunningRule', (ids) => `/dunning-rules/${ids.dunningRuleId}`),
    route(
      'updateDunningRule',
      (ids) => `/dunning-rules/${ids.dunningRuleId}`,
      (ids) => ({
        data: {
          id: ids.dunningRuleId,
          type: 'subscription_dunning_rule',
          attributes: { payment_retry_interval: 2, payment_retry_unit: 'week' },
        },
      }),
    ),
    route('deleteDunningRule', (ids) => `/dunning-rules/${ids.dunningRuleId}`),
    ...[
      route(
        'createFeature',
        () => '/features',
        (ids) => ({
          data: {
            type: 'subscription_feature',
            attributes: {
              name: 'Library',
              external_ref: ids.externalRef,
              configuration: { type: 'access', tag: 'lib' },
            },
          },
        }),
      ),
      route('listFeatures', (ids) => `/features?filter=eq(external_ref,${ids.externalRef})&page[limit]=5`),
      route('getFeature', (ids) => `/features/${ids.featureId}`),
      route(
        'updateFeature',
        (ids) => `/features/${ids.featureId}`,
        (ids) => ({ data: { id: ids.featureId, type: 'subscription_feature', attributes: { description: 'd' } } }),
      ),
      route('deleteFeature', (ids) => `/features/${ids.featureId}`),
    ].map(inGeneration('2025')),
    route(
      'createJob',
      () => '/jobs',
      (ids) => ({
        data: { type: 'subscription_job', attributes: { job_type: 'payment-run', external_ref: ids.externalRef } },
      }),
    ),
    route('listJobs', (ids) => `/jobs?filter=eq(external_ref,${ids.externalRef})&page[limit]=5`),
    route('getJob', (ids) => `/jobs/${ids.jobId}`),
    route('deleteJob', (ids) => `/jobs/${ids.jobId}`),
    // The same jobs on the 2025 wire, which also takes a subscription-update.
    ...[
      route(
        'CreateJob',
        () => '/jobs',
        (ids) => ({
          data: { type: 'subscription_job', attributes: { job_type: 'payment-run', external_ref: ids.externalRef } },
        }),
      ),
      route('ListJobs', (ids) => `/jobs?filter=eq(external_ref,${ids.externalRef})&page[limit]=5`),
      route('GetJob', (ids) => `/jobs/${ids.jobId}`),
    ].map(inGeneration('2025')),
    {
      ...route(
        'CreateImport',
        () => '/imports',
        () => ({ data: { type: 'subscription_subscriber' } }),
      ),
      multipart: true,
    },
    route('ListImportJobs', () => '/imports?page[limit]=5'),
    route('GetImport', (ids) => `/imports/${ids.importId}`),
    route('ListImportErrors', (ids) => `/imports/${ids.importId}/errors`),
    inGeneration('2025')(route('GetImportErrors', (ids) => `/imports/${ids.importId}/errors`)),
    route(
      'createSchedule',
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
    route('listSchedules', (ids) => `/schedules?filter=eq(external_ref,${ids.externalRef})&page[limit]=5`),
    route('getSchedule', (ids) => `/schedules/${ids.scheduleId}`),
    route(
      'updateSchedule',
      (ids) => `/schedules/${ids.scheduleId}`,
      (ids) => ({
        data: { id: ids.scheduleId, type: 'subscription_schedule', attributes: { specification: '0 0 1 * *' } },
      }),
    ),
    route('deleteSchedule', (ids) => `/schedules/${ids.scheduleId}`),
    route('getTestClock', () => '/test-clock'),
    // Before the move below: a clock set ahead of the system's time cannot be cleared.
    route('clearTestClock', () => '/test-clock'),
    route(
      'advanceTestClock',
      () => '/test-clock',
      () => ({ data: { type: 'subscription_test_clock', attributes: { now: '2999-01-01T00:00:00Z' } } }),
    ),
  ];
};

/** Every route the service answers, each with a request it accepts; a test holds this list to the router. */
export const ROUTES: readonly RouteCase[] = (
  [
    { operation: 'getHealth', path: () => '/health' },
    { operation: 'getLiveness', path: () => '/health/live' },
    { operation: 'getReadiness', path: () => '/health/ready' },
    { operation: 'getMetrics', path: () => '/metrics' },
    { operation: 'getServiceRoot', path: () => '/' },
    { operation: 'getOpenApiDocument', path: () => '/v2/openapi.json' },
    { operation: 'getDocsPage', path: () => '/docs' },
    ...Object.entries({
      'swagger-ui.css': 'getDocsAssetSwaggerUiCss',
      'swagger-ui-bundle.js': 'getDocsAssetSwaggerUiBundleJs',
      'swagger-ui-standalone-preset.js': 'getDocsAssetSwaggerUiStandalonePresetJs',
      'docs-init.js': 'getDocsAssetDocsInitJs',
      'favicon-32x32.png': 'getDocsAssetFavicon-32x32Png',
    }).map(([file, operation]): OperationCase => ({ operation, path: () => `/docs/${file}?v=0` })),
    { operation: 'getConsolePage', path: () => '/console' },
    { operation: 'getConsoleAsset', path: () => '/console/assets/main-00000000.js' },
    {
      operation: 'createConsoleSession',
      path: () => '/console/session',
      body: () => ({ prefix: 'nosuchprefix', username: 'nobody', password: SEEDED_PASSWORD }),
    },
    { operation: 'getConsoleSession', path: () => '/console/session' },
    { operation: 'deleteConsoleSession', path: () => '/console/session' },
    { operation: 'getConsoleLoginPage', path: () => '/console/login/nosuchprefix' },
    { operation: 'getConsoleSignInMethods', path: () => '/console/login/nosuchprefix/methods' },
    {
      operation: 'createAccessToken',
      path: () => '/oauth/access_token',
      body: (ids) => ({ grant_type: 'implicit', client_id: ids.clientId }),
      form: true,
    },
    {
      operation: 'revokeAccessToken',
      path: () => '/oauth/revoke',
      body: () => ({ token: 'not-a-token-of-this-store' }),
      form: true,
    },
    {
      operation: 'createApplicationKey',
      path: () => '/v2/application-keys',
      body: () => ({ data: { type: 'application_key', name: 'Extra', reserved_rate_limit: 1 } }),
    },
    { operation: 'listApplicationKeys', path: () => '/v2/application-keys?page[limit]=2' },
    { operation: 'getApplicationKey', path: (ids) => `/v2/application-keys/${ids.keyId}` },
    {
      operation: 'rotateApplicationKeySecret',
      path: (ids) => `/v2/application-keys/${ids.keyId}/rotate-secret`,
      // The old secret overlaps for a day, so that whatever else runs with it keeps working. The instant is
      // fixed when the catalogue loads: a body built twice must come out the same (cross-store's `uses`).
      body: () => ({ data: { type: 'application_key', expire_current_secret_at: A_DAY_AFTER_LOADING } }),
    },
    {
      operation: 'updateApplicationKey',
      path: (ids) => `/v2/application-keys/${ids.keyId}`,
      body: () => ({ data: { type: 'application_key', name: 'Renamed' } }),
    },
    { operation: 'deleteApplicationKey', path: (ids) => `/v2/application-keys/${ids.keyId}` },
    { operation: 'getStoreMerchantRealmMapping', path: () => '/v2/merchant-realm-mappings' },
    {
      operation: 'getMerchantRealmMapping',
      path: (ids) => `/v2/merchant-realm-mappings/${ids.mappingId}`,
    },
    {
      operation: 'updateMerchantRealmMapping',
      path: (ids) => `/v2/merchant-realm-mappings/${ids.mappingId}`,
      body: () => ({ data: { type: 'merchant-realm-mappings', prefix: 'shop' } }),
    },
    { operation: 'getSettings', path: () => '/v2/settings' },
    {
      operation: 'updateSettings',
      path: () => '/v2/settings',
      body: () => ({ data: { type: 'settings', page_length: 10 } }),
    },
    { operation: 'resetSettings', path: () => '/v2/settings' },
    { operation: 'getCartSettings', path: () => '/v2/settings/cart' },
    {
      operation: 'updateCartSettings',
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
    { operation: 'getCorsSettings', path: () => '/v2/settings/cors' },
    {
      operation: 'updateCorsSettings',
      path: () => '/v2/settings/cors',
      body: () => ({ data: { type: 'settings', allowed_origins: ['https://shop.example'] } }),
    },
    { operation: 'getAllGateways', path: () => '/v2/gateways' },
    { operation: 'getAGateway', path: () => '/v2/gateways/stripe_payment_intents' },
    { operation: 'updateManualGateway', path: () => '/v2/gateways/manual', body: () => ({ data: { enabled: true } }) },
    {
      operation: 'updateStripeIntentsGateway',
      path: () => '/v2/gateways/stripe_payment_intents',
      body: () => ({ data: { enabled: true, test: true, login: 'sk_test_51CatalogueKey0000000000000000' } }),
    },
    {
      operation: 'updateEpPaymentsStripe',
      path: () => '/v2/gateways/elastic_path_payments_stripe',
      body: () => ({ data: { enabled: true, stripe_account: 'acct_1CatalogueAccount', test: true } }),
    },
    {
      operation: 'updateAuthorizeNetGateway',
      path: () => '/v2/gateways/authorize_net',
      body: () => ({
        data: {
          slug: 'authorize_net',
          login: 'catalogue5Login',
          password: 'Catalogue16Chars',
          enabled: true,
          test: true,
        },
      }),
    },
    {
      // Unsigned, so refused alike for every store: a signed delivery is the webhook tests' affair.
      operation: 'receiveStripeWebhook',
      path: (ids) => `/v2/gateways/stripe_payment_intents/webhooks/${ids.storeId}`,
      body: (ids) => ({
        id: 'evt_catalogue',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_catalogue', object: 'payment_intent', metadata: { store_id: ids.storeId } } },
      }),
    },
    { operation: 'getAccountMembershipSettings', path: () => '/v2/settings/account-membership' },
    {
      operation: 'updateAccountMembershipSettings',
      path: () => '/v2/settings/account-membership',
      body: () => ({ data: { type: 'account_membership_setting', membership_limit: 5 } }),
    },
    { operation: 'getAccountMembershipSettings', path: () => '/v2/settings/account-memberships' },
    {
      operation: 'updateAccountMembershipSettings',
      path: () => '/v2/settings/account-memberships',
      body: () => ({ data: { type: 'account_membership_setting', membership_limit: 5 } }),
    },
    { operation: 'getAccountAuthenticationSettings', path: () => '/v2/settings/account-authentication' },
    {
      operation: 'updateAccountAuthenticationSettings',
      path: () => '/v2/settings/account-authentication',
      body: () => ({ data: { type: 'account_authentication_settings', enable_self_signup: true } }),
    },
    { operation: 'listAuthenticationRealms', path: () => '/v2/authentication-realms?page[limit]=5' },
    { operation: 'getAuthenticationRealm', path: (ids) => `/v2/authentication-realms/${ids.realmId}` },
    {
      operation: 'updateAuthenticationRealm',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}`,
      body: () => ({ data: { name: 'Shoppers', redirect_uris: ['https://shop.example/callback'] } }),
    },
    {
      operation: 'createMerchantUser',
      path: () => '/v2/merchant-users',
      body: () => ({ data: { type: 'merchant_user', name: 'Bea', email: 'bea@example.com', role: 'billing' } }),
    },
    { operation: 'listMerchantUsers', path: () => '/v2/merchant-users?filter=eq(role,admin)&page[limit]=5' },
    { operation: 'getMerchantUser', path: (ids) => `/v2/merchant-users/${ids.merchantUserId}` },
    {
      operation: 'updateMerchantUser',
      path: (ids) => `/v2/merchant-users/${ids.merchantUserId}`,
      body: () => ({ data: { type: 'merchant_user', name: 'Bea Renamed', role: 'read-only' } }),
    },
    { operation: 'deleteMerchantUser', path: (ids) => `/v2/merchant-users/${ids.merchantUserId}` },
    {
      operation: 'createPasswordProfile',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/password-profiles`,
      body: () => ({ data: { type: 'password_profile', name: 'By email', username_format: 'email' } }),
    },
    {
      operation: 'listPasswordProfiles',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/password-profiles?page[limit]=5`,
    },
    {
      operation: 'getPasswordProfile',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/password-profiles/${ids.passwordProfileId}`,
    },
    {
      operation: 'updatePasswordProfile',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/password-profiles/${ids.passwordProfileId}`,
      body: () => ({ data: { type: 'password_profile', name: 'Renamed' } }),
    },
    {
      operation: 'deletePasswordProfile',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/password-profiles/${ids.passwordProfileId}`,
    },
    {
      operation: 'createOidcProfile',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/oidc-profiles`,
      // A provider on a loopback port nothing listens on: the route answers its 422 without leaving the machine.
      body: () => ({
        data: {
          type: 'oidc-profile',
          name: 'SSO',
          discovery_url: 'http://127.0.0.1:9/.well-known/openid-configuration',
          client_id: 'console',
          client_secret: 'a secret',
        },
      }),
    },
    {
      operation: 'createOidcProfile',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/openid-connect-profiles`,
      body: () => ({ data: { type: 'openid_connect_profile', name: 'SSO' } }),
    },
    {
      operation: 'listOidcProfiles',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/oidc-profiles?page[limit]=5`,
    },
    {
      operation: 'listOidcProfiles',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/openid-connect-profiles?page[limit]=5`,
    },
    {
      operation: 'getOidcProfile',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/openid-connect-profiles/${UNSEEDED_OIDC_PROFILE}`,
    },
    {
      operation: 'updateOidcProfile',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/openid-connect-profiles/${UNSEEDED_OIDC_PROFILE}`,
      body: () => ({ data: { type: 'oidc-profile', client_id: 'renamed' } }),
    },
    {
      operation: 'deleteOidcProfile',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/openid-connect-profiles/${UNSEEDED_OIDC_PROFILE}`,
    },
    {
      operation: 'getOidcProfile',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/oidc-profiles/${UNSEEDED_OIDC_PROFILE}`,
    },
    {
      operation: 'updateOidcProfile',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/oidc-profiles/${UNSEEDED_OIDC_PROFILE}`,
      body: () => ({ data: { type: 'openid_connect_profile', name: 'Renamed' } }),
    },
    {
      operation: 'deleteOidcProfile',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/oidc-profiles/${UNSEEDED_OIDC_PROFILE}`,
    },
    { operation: 'beginOidcSignIn', path: () => `/console/login/nobody/oidc/${UNSEEDED_OIDC_PROFILE}` },
    { operation: 'finishOidcSignIn', path: () => '/console/oidc/callback?code=c&state=s' },
    { operation: 'showOidcSignInFailure', path: () => '/console/oidc/failed?reason=expired&prefix=acme' },
    {
      operation: 'createUserAuthenticationInfo',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/user-authentication-info`,
      body: () => ({ data: { type: 'user_authentication_info', name: 'Ann', email: 'ann@example.com' } }),
    },
    {
      operation: 'listUserAuthenticationInfos',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/user-authentication-info?filter=eq(email,${ids.email})`,
    },
    {
      operation: 'getUserAuthenticationInfo',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/user-authentication-info/${ids.accountMemberId}`,
    },
    {
      operation: 'updateUserAuthenticationInfo',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/user-authentication-info/${ids.accountMemberId}`,
      body: () => ({ data: { type: 'user_authentication_info', name: 'Ron Renamed' } }),
    },
    {
      operation: 'deleteUserAuthenticationInfo',
      path: (ids) => `/v2/authentication-realms/${ids.realmId}/user-authentication-info/${ids.accountMemberId}`,
    },
    {
      operation: 'createPasswordProfileInfo',
      path: (ids) =>
        `/v2/authentication-realms/${ids.realmId}/user-authentication-info/${ids.accountMemberId}/user-authentication-password-profile-info`,
      body: (ids) => ({
        data: {
          type: 'user_authentication_password_profile_info',
          username: `second-${ids.accountMemberId}`,
          password: SEEDED_PASSWORD,
          password_profile_id: ids.passwordProfileId,
        },
      }),
    },
    {
      operation: 'listPasswordProfileInfos',
      path: (ids) =>
        `/v2/authentication-realms/${ids.realmId}/user-authentication-info/${ids.accountMemberId}/user-authentication-password-profile-info`,
    },
    {
      operation: 'getPasswordProfileInfo',
      path: (ids) =>
        `/v2/authentication-realms/${ids.realmId}/user-authentication-info/${ids.accountMemberId}/user-authentication-password-profile-info/${ids.passwordProfileInfoId}`,
    },
    {
      operation: 'updatePasswordProfileInfo',
      path: (ids) =>
        `/v2/authentication-realms/${ids.realmId}/user-authentication-info/${ids.accountMemberId}/user-authentication-password-profile-info/${ids.passwordProfileInfoId}`,
      body: () => ({ data: { type: 'user_authentication_password_profile_info', password: `${SEEDED_PASSWORD} too` } }),
    },
    {
      operation: 'deletePasswordProfileInfo',
      path: (ids) =>
        `/v2/authentication-realms/${ids.realmId}/user-authentication-info/${ids.accountMemberId}/user-authentication-password-profile-info/${ids.passwordProfileInfoId}`,
    },
    {
      operation: 'createUserAuthenticationOidcProfileInfo',
      path: (ids) =>
        `/v2/authentication-realms/${ids.realmId}/user-authentication-info/${ids.accountMemberId}/user-authentication-oidc-profile-info`,
      // A profile no store has: the route answers its 404 after its guard.
      body: () => ({
        data: { type: 'user_authentication_oidc_profile_info', subject: 'sub', oidc_profile_id: UNSEEDED_OIDC_PROFILE },
      }),
    },
    {
      operation: 'listUserAuthenticationOidcProfileInfos',
      path: (ids) =>
        `/v2/authentication-realms/${ids.realmId}/user-authentication-info/${ids.accountMemberId}/user-authentication-oidc-profile-info`,
    },
    {
      operation: 'getUserAuthenticationOidcProfileInfo',
      path: (ids) =>
        `/v2/authentication-realms/${ids.realmId}/user-authentication-info/${ids.accountMemberId}/user-authentication-oidc-profile-info/${UNSEEDED_OIDC_PROFILE}`,
    },
    {
      operation: 'updateUserAuthenticationOidcProfileInfo',
      path: (ids) =>
        `/v2/authentication-realms/${ids.realmId}/user-authentication-info/${ids.accountMemberId}/user-authentication-oidc-profile-info/${UNSEEDED_OIDC_PROFILE}`,
      body: () => ({ data: { type: 'user_authentication_oidc_profile_info', subject: 'another' } }),
    },
    {
      operation: 'deleteUserAuthenticationOidcProfileInfo',
      path: (ids) =>
        `/v2/authentication-realms/${ids.realmId}/user-authentication-info/${ids.accountMemberId}/user-authentication-oidc-profile-info/${UNSEEDED_OIDC_PROFILE}`,
    },
    {
      operation: 'createAccountMemberTokens',
      path: () => '/v2/account-members/tokens',
      body: (ids) => ({
        data: {
          type: 'account_management_authentication_token',
          authentication_mechanism: 'password',
          password_profile_id: ids.passwordProfileId,
          username: seededUsername(ids.accountMemberId),
          password: SEEDED_PASSWORD,
        },
      }),
    },
    ...SUBSCRIPTION_PREFIXES.flatMap(subscriptionRoutes),
    {
      operation: 'createAccount',
      path: () => '/v2/accounts',
      body: (ids) => ({ data: { type: 'account', name: 'Sub', legal_name: 'Sub Ltd', parent_id: ids.accountId } }),
    },
    {
      operation: 'listAccounts',
      path: (ids) => `/v2/accounts?filter=eq(external_ref,${ids.externalRef}):in(id,${ids.accountId})&page[limit]=5`,
    },
    { operation: 'getAccount', path: (ids) => `/v2/accounts/${ids.accountId}` },
    {
      operation: 'updateAccount',
      path: (ids) => `/v2/accounts/${ids.accountId}`,
      body: () => ({ data: { type: 'account', legal_name: 'Renamed Ltd', registration_id: null } }),
    },
    { operation: 'deleteAccount', path: (ids) => `/v2/accounts/${ids.accountId}` },
    { operation: 'listAccountMembers', path: (ids) => `/v2/account-members?filter=eq(email,${ids.email})` },
    { operation: 'getAccountMember', path: (ids) => `/v2/account-members/${ids.accountMemberId}` },
    {
      operation: 'listMembershipsOfAccountMember',
      path: (ids) => `/v2/account-members/${ids.accountMemberId}/account-memberships?include=account`,
    },
    {
      operation: 'listUnassignedAccountMembers',
      path: (ids) => `/v2/accounts/${ids.accountId}/account-memberships/unassigned-account-members?page[limit]=5`,
    },
    {
      operation: 'createAccountMembership',
      path: (ids) => `/v2/accounts/${ids.accountId}/account-memberships`,
      body: (ids) => ({ data: { type: 'account_membership', account_member_id: ids.accountMemberId } }),
    },
    {
      operation: 'listAccountMemberships',
      path: (ids) => `/v2/accounts/${ids.accountId}/account-memberships?include=account_member`,
    },
    {
      operation: 'getAccountMembership',
      path: (ids) => `/v2/accounts/${ids.accountId}/account-memberships/${ids.membershipId}`,
    },
    {
      operation: 'deleteAccountMembership',
      path: (ids) => `/v2/accounts/${ids.accountId}/account-memberships/${ids.membershipId}`,
    },
    {
      operation: 'createIntegration',
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
    { operation: 'listIntegrations', path: () => '/v2/integrations?filter=eq(enabled,true)&page[limit]=5' },
    { operation: 'listIntegrationAttributes', path: () => '/v2/integrations/attributes' },
    { operation: 'listStoreIntegrationLogs', path: () => '/v2/integrations/logs?page[limit]=5' },
    { operation: 'getIntegration', path: (ids) => `/v2/integrations/${ids.integrationId}` },
    {
      operation: 'listAuditEvents',
      path: () => '/v2/audit-events?filter=eq(actor_kind,key):gt(occurred_at,%222026-01-01T00:00:00Z%22)&page[limit]=5',
    },
    { operation: 'getAuditEvent', path: (ids) => `/v2/audit-events/${ids.auditEventId}` },
    {
      operation: 'updateIntegration',
      path: (ids) => `/v2/integrations/${ids.integrationId}`,
      body: (ids) => ({
        data: {
          id: ids.integrationId,
          type: 'integration',
          observes: ['subscription.created', 'subscription.canceled'],
        },
      }),
    },
    { operation: 'deleteIntegration', path: (ids) => `/v2/integrations/${ids.integrationId}` },
    {
      operation: 'listIntegrationLogs',
      path: (ids) => `/v2/integrations/${ids.integrationId}/logs?filter=eq(succeeded,false)`,
    },
    {
      operation: 'listIntegrationJobs',
      path: (ids) => `/v2/integrations/${ids.integrationId}/jobs?filter=eq(triggered_by,subscription.created)`,
    },
    {
      operation: 'listIntegrationJobLogs',
      path: (ids) => `/v2/integrations/${ids.integrationId}/jobs/${ids.integrationJobId}/logs`,
    },
  ] satisfies OperationCase[]
).map(declared);
