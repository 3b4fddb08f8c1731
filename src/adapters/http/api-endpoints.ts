import { ACCOUNT_ENDPOINTS } from './accounts/account-endpoints.js';
import { ACCOUNT_MEMBER_ENDPOINTS } from './accounts/account-member-endpoints.js';
import { ACCOUNT_MEMBERSHIP_ENDPOINTS } from './accounts/account-membership-endpoints.js';
import { API_REFERENCE_ENDPOINTS } from './api-reference/api-reference-endpoints.js';
import { AUDIT_EVENT_ENDPOINTS } from './audit/audit-event-endpoints.js';
import { REVOCATION_ENDPOINTS } from './auth/revocation-endpoints.js';
import { TOKEN_ENDPOINTS } from './auth/token-endpoints.js';
import { ACCOUNT_AUTHENTICATION_SETTINGS_ENDPOINTS } from './authentication-realms/account-authentication-settings-endpoints.js';
import { ACCOUNT_MEMBER_TOKEN_ENDPOINTS } from './authentication-realms/account-member-token-endpoints.js';
import { AUTHENTICATION_REALM_ENDPOINTS } from './authentication-realms/authentication-realm-endpoints.js';
import { OIDC_PROFILE_ENDPOINTS } from './authentication-realms/oidc-profile-endpoints.js';
import { OIDC_PROFILE_INFO_ENDPOINTS } from './authentication-realms/oidc-profile-info-endpoints.js';
import { USER_AUTHENTICATION_INFO_ENDPOINTS } from './authentication-realms/user-authentication-info-endpoints.js';
import { BILLING_POLICY_ENDPOINTS } from './billing/billing-policy-endpoints.js';
import { INVOICE_2025_ENDPOINTS } from './billing/invoice-2025-endpoints.js';
import { INVOICE_ENDPOINTS } from './billing/invoice-endpoints.js';
import { OFFERING_PRORATION_ENDPOINTS } from './billing/offering-proration-endpoints.js';
import { REFUND_2025_ENDPOINTS } from './billing/refund-2025-endpoints.js';
import { OFFERING_ASSOCIATION_2025_ENDPOINTS } from './catalogue/offering-2025-association-endpoints.js';
import { OFFERING_2025_ENDPOINTS } from './catalogue/offering-2025-endpoints.js';
import { SUBSCRIPTION_CATALOGUE_ENDPOINTS } from './catalogue/subscription-catalogue-endpoints.js';
import { SUBSCRIPTION_OFFERING_ENDPOINTS } from './catalogue/subscription-offering-endpoints.js';
import { CONSOLE_ENDPOINTS } from './console/console-endpoints.js';
import type { ConceptEndpoints } from './endpoints/endpoint.js';
import { FEATURE_ENDPOINTS } from './features/feature-endpoints.js';
import { OFFERING_FEATURE_ENDPOINTS } from './features/offering-feature-endpoints.js';
import { GATEWAY_ENDPOINTS } from './gateways/gateway-endpoints.js';
import { STRIPE_WEBHOOK_ENDPOINTS } from './gateways/stripe-webhook-endpoints.js';
import { OPERATIONS_ENDPOINTS } from './health/health-endpoints.js';
import { IMPORT_ENDPOINTS } from './imports/import-endpoints.js';
import { INTEGRATION_ENDPOINTS } from './integrations/integration-endpoints.js';
import { JOB_ENDPOINTS } from './jobs/job-endpoints.js';
import { APPLICATION_KEY_ENDPOINTS } from './keys/application-key-endpoints.js';
import { CONSOLE_SESSION_ENDPOINTS } from './people/console-session-endpoints.js';
import { MERCHANT_USER_ENDPOINTS } from './people/merchant-user-endpoints.js';
import { OIDC_SIGN_IN_ENDPOINTS } from './people/oidc-sign-in-endpoints.js';
import { MERCHANT_REALM_MAPPING_ENDPOINTS } from './realm-mappings/merchant-realm-mapping-endpoints.js';
import { SCHEDULE_ENDPOINTS } from './schedules/schedule-endpoints.js';
import { SERVICE_ROOT_ENDPOINTS } from './service-root/service-root-endpoints.js';
import { CORS_SETTINGS_ENDPOINTS } from './settings/cors-settings-endpoints.js';
import { SETTINGS_ENDPOINTS } from './settings/settings-endpoints.js';
import { SUBSCRIBER_2025_ENDPOINTS, SUBSCRIBER_ENDPOINTS } from './subscriptions/subscriber-endpoints.js';
import { SUBSCRIPTION_2025_ENDPOINTS } from './subscriptions/subscription-2025-endpoints.js';
import { SUBSCRIPTION_ENDPOINTS } from './subscriptions/subscription-endpoints.js';
import { TEST_CLOCK_ENDPOINTS } from './test-clocks/test-clock-endpoints.js';

/**
 * Every concept's endpoints, in the order the router tries them: the app mounts these and the API
 * description documents these, so the two cannot drift. A second generation of the API is a second list of
 * declarations over the same use cases.
 */
export const API_ENDPOINTS: readonly ConceptEndpoints[] = [
  TOKEN_ENDPOINTS,
  REVOCATION_ENDPOINTS,
  APPLICATION_KEY_ENDPOINTS,
  MERCHANT_REALM_MAPPING_ENDPOINTS,
  SETTINGS_ENDPOINTS,
  CORS_SETTINGS_ENDPOINTS,
  GATEWAY_ENDPOINTS,
  STRIPE_WEBHOOK_ENDPOINTS,
  ACCOUNT_AUTHENTICATION_SETTINGS_ENDPOINTS,
  AUTHENTICATION_REALM_ENDPOINTS,
  OIDC_PROFILE_ENDPOINTS,
  OIDC_PROFILE_INFO_ENDPOINTS,
  OIDC_SIGN_IN_ENDPOINTS,
  USER_AUTHENTICATION_INFO_ENDPOINTS,
  MERCHANT_USER_ENDPOINTS,
  ACCOUNT_MEMBER_TOKEN_ENDPOINTS,
  SUBSCRIPTION_CATALOGUE_ENDPOINTS,
  SUBSCRIPTION_OFFERING_ENDPOINTS,
  OFFERING_2025_ENDPOINTS,
  OFFERING_ASSOCIATION_2025_ENDPOINTS,
  FEATURE_ENDPOINTS,
  OFFERING_FEATURE_ENDPOINTS,
  SUBSCRIPTION_ENDPOINTS,
  SUBSCRIPTION_2025_ENDPOINTS,
  SUBSCRIBER_ENDPOINTS,
  SUBSCRIBER_2025_ENDPOINTS,
  ACCOUNT_ENDPOINTS,
  // Before the memberships: `unassigned-account-members` would otherwise be read as a membership's id.
  ACCOUNT_MEMBER_ENDPOINTS,
  ACCOUNT_MEMBERSHIP_ENDPOINTS,
  BILLING_POLICY_ENDPOINTS,
  SCHEDULE_ENDPOINTS,
  OFFERING_PRORATION_ENDPOINTS,
  INVOICE_ENDPOINTS,
  INVOICE_2025_ENDPOINTS,
  REFUND_2025_ENDPOINTS,
  JOB_ENDPOINTS,
  IMPORT_ENDPOINTS,
  TEST_CLOCK_ENDPOINTS,
  INTEGRATION_ENDPOINTS,
  AUDIT_EVENT_ENDPOINTS,
  OPERATIONS_ENDPOINTS,
  SERVICE_ROOT_ENDPOINTS,
  API_REFERENCE_ENDPOINTS,
  CONSOLE_ENDPOINTS,
  CONSOLE_SESSION_ENDPOINTS,
];
