import { expect } from 'chai';
import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import type Stripe from 'stripe';
import { API_DOCUMENT } from '../../../src/adapters/http/api-description/openapi-document.js';
import type { HttpMethod, Operation, Parameter, Schema } from '../../../src/adapters/http/openapi/openapi-types.js';
import { gatewayEventOf } from '../../../src/adapters/payments/stripe/stripe-events.js';
import { parseAccountChanges, parseNewAccount } from '../../../src/domain/accounts/account-input.js';
import { parseNewMembership } from '../../../src/domain/accounts/account-membership.js';
import { parseRevokedToken } from '../../../src/domain/auth/revocation-request.js';
import { parseTokenRequest } from '../../../src/domain/auth/token-request.js';
import { parseAccountMemberTokenRequest } from '../../../src/domain/authentication-realms/account-member-token-request.js';
import { parseRealmChanges } from '../../../src/domain/authentication-realms/authentication-realm.js';
import {
  parseNewOidcProfile,
  parseOidcProfileChanges,
} from '../../../src/domain/authentication-realms/oidc-profile.js';
import {
  parseNewOidcProfileInfo,
  parseOidcProfileInfoChanges,
} from '../../../src/domain/authentication-realms/oidc-profile-info.js';
import {
  parseNewPasswordProfile,
  parsePasswordProfileChanges,
} from '../../../src/domain/authentication-realms/password-profile.js';
import {
  parseCredentialChanges,
  parseNewCredentials,
} from '../../../src/domain/authentication-realms/password-profile-info.js';
import {
  parseMemberChanges,
  parseNewMember,
} from '../../../src/domain/authentication-realms/user-authentication-info.js';
import { DUNNING_RULES } from '../../../src/domain/billing/dunning/dunning-rule.js';
import { invoiceDraft } from '../../../src/domain/billing/invoices/invoice-items.js';
import { parseSettlement } from '../../../src/domain/billing/payments/settlement.js';
import { parseProrationPolicyReference } from '../../../src/domain/billing/proration/offering-proration.js';
import { PRORATION_POLICIES } from '../../../src/domain/billing/proration/proration-policy.js';
import { parseExternalRef } from '../../../src/domain/catalogue/catalogue-fields.js';
import {
  parseOfferingPlanChanges,
  parseOfferingProductChanges,
} from '../../../src/domain/catalogue/offering-copy-input.js';
import {
  parseAttachment,
  parseOfferingBuild,
  parseOfferingChanges,
  parseOfferingCreation,
} from '../../../src/domain/catalogue/offering-input.js';
import { parsePlanAttributes, parsePlanChanges } from '../../../src/domain/catalogue/plan.js';
import { parseProductAttributes, parseProductChanges } from '../../../src/domain/catalogue/product.js';
import { parseGatewayChanges } from '../../../src/domain/gateways/gateway-input.js';
import { parseIdempotencyKey } from '../../../src/domain/idempotency/idempotency.js';
import {
  type IntegrationRefusal,
  parseIntegrationChanges,
  parseNewIntegration,
} from '../../../src/domain/integrations/integration.js';
import { parseNewJob } from '../../../src/domain/jobs/job-input.js';
import { parseApplicationKeyChanges, parseNewApplicationKey } from '../../../src/domain/keys/application-key-input.js';
import { parseSecretRotation } from '../../../src/domain/keys/secret-rotation.js';
import { parseConsoleSignIn } from '../../../src/domain/people/console-sign-in.js';
import { parseMerchantUserChanges, parseNewMerchantUser } from '../../../src/domain/people/merchant-user-input.js';
import { parseFilter } from '../../../src/domain/query/filter.js';
import { parsePageRequest } from '../../../src/domain/query/page.js';
import { queryParams } from '../../../src/domain/query/query-params.js';
import { parsePrefixChange } from '../../../src/domain/realm-mappings/prefix-input.js';
import { SCHEDULES } from '../../../src/domain/schedules/schedule.js';
import { parseAccountAuthenticationSettingsChanges } from '../../../src/domain/settings/account-authentication-settings.js';
import { parseAccountMembershipSettingsChanges } from '../../../src/domain/settings/account-membership-settings.js';
import { parseCartSettingsChanges } from '../../../src/domain/settings/cart-settings.js';
import { parseCorsSettingsChanges } from '../../../src/domain/settings/cors-settings.js';
import { parseSettingsChanges } from '../../../src/domain/settings/settings-input.js';
import type { Issues } from '../../../src/domain/shared/errors.js';
import { codePoints } from '../../../src/domain/shared/text.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';
import { parseProductChanges as parseSubscriptionProductChanges } from '../../../src/domain/subscriptions/product-changes.js';
import { parseNewSubscriber, parseSubscriberChanges } from '../../../src/domain/subscriptions/subscriber.js';
import {
  parseNewSubscription,
  parseStateChange,
  parseSubscriptionChanges,
} from '../../../src/domain/subscriptions/subscription-input.js';
import { parseTestClockMove } from '../../../src/domain/test-clocks/test-clock.js';
import {
  type BodyPath,
  type DocumentedBound,
  documentedBounds,
  sourceOf,
  valueAt,
  withValue,
} from '../../support/openapi-bounds.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';

/**
 * The document and the domain agree by behaviour: every bound a request body schema states is tried on the
 * domain rule that reads that body, a value at the bound accepted and one past it refused at the same
 * `source`. The bounds come from walking the document, so a limit changed on either side, or a documented
 * value no rule reads, fails here.
 */

/** What reading a body gave: accepted, or refused with every issue. */
type Outcome = E.Either<Issues, unknown>;

interface BodyRule {
  /** The domain's reading of the whole body, as the route hands it over. */
  readonly parse: (body: unknown) => Outcome;
  /** A body the rule accepts, with a value for every documented member that has a bound. */
  readonly example: unknown;
  /** Examples of the other alternatives of a `oneOf`, by dotted source. */
  readonly alternatives?: Readonly<Record<string, readonly unknown[]>>;
  /**
   * Rules across members, which the document states in words: `source=value` to the members that value
   * needs changed (`undefined`: left out).
   */
  readonly together?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

const ID = '8f7a2d4e-2b1c-4d5e-9f60-718293a4b5c6' as Uuid;
const NOW = new Date('2026-11-27T00:00:00.000Z');

const ofData =
  (parse: (data: unknown) => Outcome) =>
  (body: unknown): Outcome =>
    parse(valueAt(body, ['data']));

/** An integration the domain understands but this service does not deliver is refused later, as a 422. */
const integrationOutcome = (result: E.Either<IntegrationRefusal, unknown>): Outcome =>
  E.isLeft(result) && result.left._tag === 'Invalid'
    ? E.left(result.left.issues)
    : E.right(E.isRight(result) ? result.right : result.left);

const product = {
  type: 'subscription_product',
  attributes: {
    name: 'abc',
    description: 'd',
    external_ref: 'r',
    sku: 's',
    main_image: 'https://img.example/p.png',
    price: { USD: { amount: 100 } },
    price_units: { unit: 'month', amount: 1 },
  },
};
const planAttributes = {
  name: 'abc',
  description: 'd',
  external_ref: 'r',
  billing_interval_type: 'month',
  billing_frequency: 1,
  trial_period: 0,
  plan_length: 12,
  end_behavior: 'close',
  can_pause: true,
  can_resume: true,
  can_cancel: true,
  base_price_percentage: 10,
  fixed_price: { USD: { amount: 100 } },
};
const plan = { type: 'subscription_plan', attributes: planAttributes };
const offeringAttributes = { name: 'abc', description: 'd', external_ref: 'r' };
const authority = { type: 'platform_payments_processor', customer_id: 'cus', card_id: 'car' };
const authorityAlternatives = [{ type: 'authorize_net', payment_profile_id: 'ppi', customer_profile_id: 'cpi' }];
const subscriber = { type: 'subscription_subscriber', attributes: { account_id: ID, name: 'abc', email: 'a@b' } };
const dunningRule = {
  type: 'subscription_dunning_rule',
  attributes: {
    payment_retry_type: 'backoff',
    payment_retry_interval: 1,
    payment_retry_unit: 'day',
    payment_retry_multiplier: 2,
    payment_retries_limit: 3,
    action: 'none',
  },
};
const schedule = {
  type: 'subscription_schedule',
  attributes: {
    specification: '30 0 * * *',
    location: 'UTC',
    job: { job_type: 'billing-run' },
    name: 'abc',
    external_ref: 'r',
  },
};
const integration = {
  type: 'integration',
  name: 'n',
  description: 'd',
  integration_type: 'webhook',
  observes: ['subscription.created'],
  configuration: { url: 'https://hooks.example/in', secret_key: 's' },
};

/** Every operation with a request body, by operation id, and the domain rule that reads it. */
const BODY_RULES: Readonly<Record<string, BodyRule>> = {
  createAccessToken: {
    parse: parseTokenRequest,
    example: { grant_type: 'client_credentials', client_id: 'c', client_secret: 's' },
  },
  createConsoleSession: {
    parse: parseConsoleSignIn,
    example: { prefix: 'acme', username: 'ada', password: 'correct horse', password_profile_id: ID },
    alternatives: { '': [{ client_id: 'c', client_secret: 's' }] },
  },
  revokeAccessToken: { parse: parseRevokedToken, example: { token: 't', client_id: 'c', client_secret: 's' } },
  createApplicationKey: {
    parse: ofData(parseNewApplicationKey),
    example: { data: { type: 'application_key', name: 'k', reserved_rate_limit: 0, scopes: ['billing'] } },
  },
  updateApplicationKey: {
    parse: ofData(parseApplicationKeyChanges),
    example: { data: { type: 'application_key', name: 'k', reserved_rate_limit: 0, scopes: ['billing'] } },
  },
  rotateApplicationKeySecret: {
    parse: ofData((data) => parseSecretRotation(data, NOW)),
    example: { data: { type: 'application_key' } },
  },
  updateMerchantRealmMapping: {
    parse: ofData(parsePrefixChange),
    example: { data: { type: 'merchant-realm-mappings', prefix: 'ab' } },
  },
  updateSettings: { parse: ofData(parseSettingsChanges), example: { data: { type: 'settings', page_length: 25 } } },
  updateCartSettings: {
    parse: ofData(parseCartSettingsChanges),
    example: { data: { type: 'settings', cart_expiry_days: 7, snapshot_date: '2026-02-21T15:07:25Z' } },
  },
  updateCorsSettings: {
    parse: ofData(parseCorsSettingsChanges),
    example: { data: { type: 'settings', allowed_origins: ['https://shop.example'] } },
  },
  updateManualGateway: {
    parse: ofData(parseGatewayChanges('manual')),
    example: { data: { type: 'gateway', slug: 'manual', enabled: true } },
  },
  updateStripeIntentsGateway: {
    parse: ofData(parseGatewayChanges('stripe_payment_intents')),
    example: {
      data: {
        type: 'gateway',
        slug: 'stripe_payment_intents',
        enabled: true,
        test: true,
        login: 'sk_test_abc123',
        webhook_secret: 'whsec_abc123',
      },
    },
  },
  // Stripe's own document, read by Stripe's library once its signature verifies; this service bounds none of it.
  receiveStripeWebhook: {
    parse: (body) => E.right(gatewayEventOf(body as Stripe.Event)),
    example: {
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_1', object: 'payment_intent', status: 'succeeded', metadata: {} } },
    },
  },
  updateEpPaymentsStripe: {
    parse: ofData(parseGatewayChanges('elastic_path_payments_stripe')),
    example: {
      data: {
        type: 'gateway',
        slug: 'elastic_path_payments_stripe',
        enabled: true,
        test: true,
        stripe_account: 'acct_1abc',
      },
    },
  },
  updateAuthorizeNetGateway: {
    parse: ofData(parseGatewayChanges('authorize_net')),
    example: {
      data: {
        type: 'gateway',
        slug: 'authorize_net',
        enabled: true,
        test: true,
        login: 'login1',
        password: 'ABCDEFGH12345678',
      },
    },
  },
  createAccount: {
    parse: ofData(parseNewAccount),
    example: { data: { type: 'account', name: 'n', legal_name: 'l', registration_id: 'r', external_ref: 'e' } },
  },
  updateAccount: {
    parse: ofData(parseAccountChanges),
    example: { data: { type: 'account', name: 'n', legal_name: 'l', registration_id: 'r', external_ref: 'e' } },
  },
  createAccountMembership: {
    parse: ofData(parseNewMembership),
    example: { data: { type: 'account_membership', account_member_id: '00000000-0000-4000-8000-000000000001' } },
  },
  updateAccountMembershipSettings: {
    parse: ofData(parseAccountMembershipSettingsChanges),
    example: { data: { type: 'account_membership_setting', membership_limit: 5 } },
  },
  updateAccountAuthenticationSettings: {
    parse: ofData(parseAccountAuthenticationSettingsChanges),
    example: {
      data: {
        type: 'account_authentication_settings',
        enable_self_signup: true,
        auto_create_account_for_account_members: true,
        account_member_self_management: 'update_only',
        account_management_authentication_token_timeout_secs: 3600,
      },
    },
  },
  updateAuthenticationRealm: {
    parse: ofData(parseRealmChanges),
    example: {
      data: {
        type: 'authentication_realm',
        name: 'Shoppers',
        redirect_uris: ['https://shop.example/callback'],
        duplicate_email_policy: 'api_only',
      },
    },
  },
  createOidcProfile: {
    parse: ofData(parseNewOidcProfile),
    example: {
      data: {
        type: 'oidc-profile',
        name: 'Staff',
        discovery_url: 'https://idp.example/.well-known/openid-configuration',
        client_id: 'c',
        client_secret: 's',
        redirect_uris: ['https://shop.example/signed-in'],
      },
    },
  },
  updateOidcProfile: {
    parse: ofData(parseOidcProfileChanges),
    example: {
      data: {
        type: 'openid_connect_profile',
        name: 'Staff',
        discovery_url: 'https://idp.example/.well-known/openid-configuration',
        client_id: 'c',
        client_secret: 's',
        redirect_uris: ['https://shop.example/signed-in'],
      },
    },
  },
  createUserAuthenticationOidcProfileInfo: {
    parse: ofData(parseNewOidcProfileInfo),
    example: {
      data: { type: 'user_authentication_oidc_profile_info', oidc_profile_id: ID, subject: 'sub', issuer: 'i' },
    },
  },
  updateUserAuthenticationOidcProfileInfo: {
    parse: ofData(parseOidcProfileInfoChanges),
    example: { data: { type: 'user_authentication_oidc_profile_info', subject: 'sub', issuer: 'i' } },
  },
  createMerchantUser: {
    parse: ofData(parseNewMerchantUser),
    example: { data: { type: 'merchant_user', name: 'Ada', email: 'a@b.example', role: 'owner' } },
  },
  updateMerchantUser: {
    parse: ofData(parseMerchantUserChanges),
    example: { data: { type: 'merchant_user', name: 'Ada', email: 'a@b.example', role: 'admin' } },
  },
  createPasswordProfile: {
    parse: ofData(parseNewPasswordProfile),
    example: {
      data: {
        type: 'password_profile',
        name: 'Shoppers',
        username_format: 'email',
        enable_one_time_password_token: false,
      },
    },
  },
  updatePasswordProfile: {
    parse: ofData(parsePasswordProfileChanges),
    example: { data: { type: 'password_profile', name: 'Shoppers', username_format: 'any' } },
  },
  createUserAuthenticationInfo: {
    parse: ofData(parseNewMember),
    example: { data: { type: 'user_authentication_info', name: 'Ron', email: 'a@b.example' } },
  },
  updateUserAuthenticationInfo: {
    parse: ofData(parseMemberChanges),
    example: { data: { type: 'user_authentication_info', name: 'Ron', email: 'a@b.example' } },
  },
  createPasswordProfileInfo: {
    parse: ofData(parseNewCredentials),
    example: {
      data: {
        type: 'user_authentication_password_profile_info',
        username: 'ron',
        password: 'correct horse',
        password_profile_id: ID,
      },
    },
  },
  updatePasswordProfileInfo: {
    parse: ofData(parseCredentialChanges),
    example: {
      data: { type: 'user_authentication_password_profile_info', username: 'ron', password: 'correct horse' },
    },
  },
  createAccountMemberTokens: {
    parse: ofData(parseAccountMemberTokenRequest),
    example: {
      data: {
        type: 'account_management_authentication_token',
        authentication_mechanism: 'self_signup',
        password_profile_id: ID,
        username: 'ron',
        password: 'correct horse',
        name: 'Ron',
        email: 'a@b.example',
      },
    },
  },
  createSubscriptionProduct: { parse: ofData(parseProductAttributes), example: { data: product } },
  updateSubscriptionProduct: { parse: ofData(parseProductChanges), example: { data: product } },
  createSubscriptionPlan: { parse: ofData(parsePlanAttributes), example: { data: plan } },
  updateSubscriptionPlan: { parse: ofData(parsePlanChanges), example: { data: plan } },
  buildSubscriptionOffering: {
    parse: ofData(parseOfferingBuild),
    example: { data: { ...offeringAttributes, products: [ID], plans: [ID] } },
  },
  createSubscriptionOffering: {
    parse: ofData(parseOfferingCreation),
    example: {
      data: {
        type: 'subscription_offering',
        attributes: offeringAttributes,
        relationships: {
          products: { data: [{ type: 'subscription_product', id: ID }] },
          plans: { data: [{ type: 'subscription_plan', id: ID }] },
        },
      },
    },
  },
  updateSubscriptionOffering: {
    parse: ofData(parseOfferingChanges),
    example: { data: { type: 'subscription_offering', attributes: offeringAttributes } },
  },
  attachSubscriptionOfferingProducts: {
    parse: ofData((data) => parseAttachment(data, 'products')),
    example: { data: { products: [ID] } },
  },
  attachSubscriptionOfferingPlans: {
    parse: ofData((data) => parseAttachment(data, 'plans')),
    example: { data: { plans: [ID] } },
  },
  replaceSubscriptionOfferingProducts: {
    parse: ofData((data) => parseAttachment(data, 'products')),
    example: { data: { products: [ID] } },
  },
  updateSubscriptionOfferingProduct: {
    parse: ofData(parseOfferingProductChanges),
    example: { data: { ...product, type: 'subscription_offering_product' } },
  },
  updateSubscriptionOfferingPlan: {
    parse: ofData(parseOfferingPlanChanges),
    example: { data: { ...plan, type: 'subscription_offering_plan' } },
  },
  createSubscription: {
    parse: ofData(parseNewSubscription),
    example: {
      data: {
        account_id: ID,
        offering_id: ID,
        plan_id: ID,
        currency: 'USD',
        name: 'abc',
        email: 'a@b',
        payment_authority: authority,
        external_ref: 'r',
      },
    },
    alternatives: { 'data.payment_authority': authorityAlternatives },
  },
  updateSubscription: {
    parse: ofData(parseSubscriptionChanges),
    example: {
      data: {
        type: 'subscription',
        attributes: { name: 'abc', email: 'a@b', payment_authority: authority, external_ref: 'r' },
      },
    },
    alternatives: { 'data.attributes.payment_authority': authorityAlternatives },
  },
  manageProductsOfSubscription: {
    parse: ofData(parseSubscriptionProductChanges),
    example: { data: [{ type: 'attach', products: [ID] }] },
  },
  changeSubscriptionState: {
    parse: ofData(parseStateChange),
    example: { data: { type: 'subscription_state', attributes: { action: 'pause' } } },
  },
  createSubscriber: { parse: ofData(parseNewSubscriber), example: { data: subscriber } },
  updateSubscriber: { parse: ofData(parseSubscriberChanges), example: { data: subscriber } },
  createProrationPolicy: {
    parse: ofData(PRORATION_POLICIES.parseNew),
    example: { data: { type: 'subscription_proration_policy', attributes: { name: 'abc', rounding: 'up' } } },
  },
  updateProrationPolicy: {
    parse: ofData(PRORATION_POLICIES.parseChanges),
    example: { data: { type: 'subscription_proration_policy', attributes: { name: 'abc', rounding: 'up' } } },
  },
  createDunningRule: {
    parse: ofData(DUNNING_RULES.parseNew),
    example: { data: dunningRule },
    together: { 'data.attributes.payment_retry_type=fixed': { 'data.attributes.payment_retry_multiplier': undefined } },
  },
  updateDunningRule: { parse: ofData(DUNNING_RULES.parseChanges), example: { data: dunningRule } },
  createSchedule: { parse: ofData(SCHEDULES.parseNew), example: { data: schedule } },
  updateSchedule: { parse: ofData(SCHEDULES.parseChanges), example: { data: schedule } },
  manageOfferingProrationPolicy: {
    parse: ofData(parseProrationPolicyReference),
    example: { data: { type: 'subscription_proration_policy', id: ID } },
  },
  updateInvoicePayment: {
    parse: ofData((data) => parseSettlement(data, ID)),
    example: {
      data: {
        id: ID,
        type: 'subscription_invoice_payment',
        attributes: { success: false, external_payment_id: 'e', failure_detail: 'declined' },
      },
    },
    alternatives: { 'data.attributes.failure_detail': [{ reason: 'declined' }] },
  },
  createJob: {
    parse: ofData(parseNewJob),
    example: {
      data: {
        type: 'subscription_job',
        attributes: {
          job_type: 'tax-run',
          external_ref: 'r',
          taxes: [
            { invoice_id: ID, tax_items: [{ type: 'tax_item', rate: 0.2, name: 'n', code: 'c', jurisdiction: 'j' }] },
          ],
        },
      },
    },
    together: {
      'data.attributes.job_type=billing-run': { 'data.attributes.taxes': undefined },
      'data.attributes.job_type=payment-run': { 'data.attributes.taxes': undefined },
    },
  },
  CreateImport: {
    parse: (body) => parseExternalRef('external_ref')(valueAt(body, ['external_ref'])),
    example: { import_file: '{}', external_ref: 'r' },
  },
  advanceTestClock: {
    parse: parseTestClockMove,
    example: { data: { type: 'subscription_test_clock', attributes: { now: NOW.toISOString() } } },
  },
  createIntegration: {
    parse: (body) => integrationOutcome(parseNewIntegration(valueAt(body, ['data']))),
    example: { data: integration },
  },
  updateIntegration: {
    parse: (body) => integrationOutcome(parseIntegrationChanges(valueAt(body, ['data']))),
    example: { data: integration },
  },
};

/**
 * Bounds whose value no domain rule reads, each with why. The client credentials of a revocation
 * identify its caller; an empty one is no credential at all, and the caller is then asked for a token.
 */
const NOT_A_BODY_RULE: Readonly<Record<string, readonly string[]>> = {
  revokeAccessToken: ['client_id', 'client_secret'],
};

/**
 * Strings whose content rule no value of one of their documented lengths can meet, with the bound: the
 * bound is still the domain's when the value on it is refused for its content, not as the one past it is.
 */
const CONTENT_BEFORE_LENGTH: Readonly<Record<string, readonly ('minLength' | 'maxLength')[]>> = {
  // No IANA time zone name is one or 1,024 characters long.
  'data.attributes.location': ['minLength', 'maxLength'],
  // No cron specification of five fields is one character long.
  'data.attributes.specification': ['minLength'],
  // No absolute http(s) URI or URL is one character long.
  'data.attributes.main_image': ['minLength'],
  'data.configuration.url': ['minLength'],
  'data.redirect_uris.0': ['minLength'],
  'data.discovery_url': ['minLength'],
};

/**
 * Values whose form a plain run of letters would break, made to a length: white space keeps a cron
 * specification five fields long; a filter grows inside its one value.
 */
const MADE_TO_LENGTH: Readonly<Record<string, (length: number) => string>> = {
  'data.attributes.specification': (length) => '30 0 * * *'.padEnd(length, ' '),
  filter: (length) => `eq(name,${'a'.repeat(Math.max(length - 'eq(name,)'.length, 0))})`,
};

interface Case {
  readonly label: string;
  readonly body: unknown;
  /**
   * `accept`; or the source a refusal must name. `unlike`: the body one past the bound, whose refusal at
   * that source must say something else (the value on the bound is refused for its content only).
   */
  readonly expect: 'accept' | { readonly refusedAt: string; readonly unlike?: unknown };
}

const requestSchema = (operation: Operation): Schema | undefined => {
  const content = operation.requestBody?.content;
  if (content === undefined) return undefined;
  return (content['application/json'] ?? content['application/x-www-form-urlencoded'] ?? content['multipart/form-data'])
    ?.schema;
};

/** A string of `length` code points grown from (or cut to) the example's value. */
const textOf = (example: unknown, source: string, length: number): string => {
  const start = typeof example === 'string' ? example : 'a';
  const made = MADE_TO_LENGTH[source];
  if (length <= start.length) return start.slice(0, length);
  return made === undefined ? start.padEnd(length, 'a') : made(length);
};

/** Integers step by one; other numbers by the smallest step that still changes the bound. */
const past = (bound: number, schema: Schema, direction: 1 | -1): number =>
  schema.type === 'integer' ? bound + direction : bound + direction * Math.max(Math.abs(bound) * 1e-12, 1e-12);

const casesOf = (bound: DocumentedBound, together: BodyRule['together'] = {}): Case[] => {
  const { path, schema, body } = bound;
  const source = sourceOf(path);
  const at = (value: unknown): unknown =>
    Object.entries(together[`${source}=${String(value)}`] ?? {}).reduce(
      (changed, [member, other]) => withValue(changed, member.split('.'), other),
      withValue(body, path, value),
    );
  const refused = (label: string, value: unknown, where: BodyPath = path): Case => ({
    label,
    body: at(value),
    expect: { refusedAt: sourceOf(where) },
  });
  const accepted = (label: string, value: unknown): Case => ({ label, body: at(value), expect: 'accept' });
  const example = valueAt(body, path);
  const cases: Case[] = [];
  if (bound.of === 'items') {
    const items = (n: number): unknown[] => {
      const first = Array.isArray(example) ? example[0] : undefined;
      const item = deref(schema.items);
      return Array.from({ length: n }, (_, i) => (item?.enum === undefined ? first : item.enum[i % item.enum.length]));
    };
    if (schema.maxItems !== undefined) {
      cases.push(accepted(`${schema.maxItems} items`, items(schema.maxItems)));
      cases.push(refused(`${schema.maxItems + 1} items`, items(schema.maxItems + 1)));
    }
    if (schema.minItems !== undefined) {
      cases.push(accepted(`${schema.minItems} items`, items(schema.minItems)));
      if (schema.minItems > 0) cases.push(refused(`${schema.minItems - 1} items`, items(schema.minItems - 1)));
    }
    return cases;
  }
  if (bound.of === 'key') {
    const map = (example ?? {}) as Record<string, unknown>;
    const [key, value] = Object.entries(map)[0] ?? ['USD', {}];
    const pattern = new RegExp(schema.pattern ?? '', 'u');
    const wrong = ['usd', 'US', 'USDX', '1'].find((k) => !pattern.test(k)) as string;
    const { [key]: _, ...rest } = map;
    cases.push(refused(`the key ${wrong}`, { ...rest, [wrong]: value }, [...path, wrong]));
    return cases;
  }
  if (schema.const !== undefined) {
    cases.push(accepted(`${String(schema.const)}`, schema.const));
    cases.push(refused(`${String(schema.const)}-other`, `${String(schema.const)}-other`));
  }
  if (schema.enum !== undefined) {
    for (const value of schema.enum) cases.push(accepted(`${String(value)}`, value));
    cases.push(refused('a value not listed', 'not-one-of-them'));
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    if (schema.maximum !== undefined) {
      cases.push(accepted(`the maximum ${schema.maximum}`, schema.maximum));
      cases.push(refused('past the maximum', past(schema.maximum, schema, 1)));
    }
    if (schema.minimum !== undefined) {
      cases.push(accepted(`the minimum ${schema.minimum}`, schema.minimum));
      cases.push(refused('under the minimum', past(schema.minimum, schema, -1)));
      if (schema.type === 'integer') cases.push(refused('a fraction', schema.minimum + 0.5));
    }
  }
  if (schema.type === 'string' && schema.enum === undefined && schema.const === undefined) {
    const limit = (label: string, bound: 'minLength' | 'maxLength', length: number, beyond: number): Case[] => {
      const onBound = textOf(example, source, length);
      const pastBound = at(textOf(example, source, beyond));
      return [
        CONTENT_BEFORE_LENGTH[source]?.includes(bound) === true
          ? { label, body: at(onBound), expect: { refusedAt: source, unlike: pastBound } }
          : accepted(label, onBound),
        { label: `${beyond} characters`, body: pastBound, expect: { refusedAt: source } },
      ];
    };
    if (schema.maxLength !== undefined)
      cases.push(...limit(`${schema.maxLength} characters`, 'maxLength', schema.maxLength, schema.maxLength + 1));
    if (schema.minLength !== undefined && schema.minLength > 0)
      cases.push(...limit(`${schema.minLength} characters`, 'minLength', schema.minLength, schema.minLength - 1));
    if (schema.pattern !== undefined) {
      const pattern = new RegExp(schema.pattern, 'u');
      const within = (s: string) =>
        s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
      const wrong = ['not valid', 'abc', 'a b@c', '@@@', 'usd', '!!'].find((s) => within(s) && !pattern.test(s));
      if (wrong !== undefined) cases.push(refused(`${JSON.stringify(wrong)}, against its pattern`, wrong));
    }
  }
  return cases;
};

const deref = (schema: Schema | undefined): Schema | undefined =>
  schema?.$ref === undefined
    ? schema
    : deref(API_DOCUMENT.components.schemas[schema.$ref.replace('#/components/schemas/', '')] as Schema);

/** What went wrong with one case, or nothing. */
const mismatch = (rule: BodyRule, c: Case, length: string): string | undefined => {
  const outcome = rule.parse(c.body);
  if (c.expect === 'accept')
    return E.isRight(outcome) ? undefined : `${length}: refused ${JSON.stringify(outcome.left).slice(0, 300)}`;
  const where = c.expect.refusedAt;
  if (E.isRight(outcome)) return `${length}: accepted, the document says it is refused at ${where}`;
  const details = (o: Outcome): string[] =>
    E.isLeft(o)
      ? o.left.filter((i) => i.source === where || i.source.startsWith(`${where}.`)).map((i) => i.detail)
      : [];
  const said = details(outcome);
  if (said.length === 0)
    return `${length}: refused, but not at ${where}: ${JSON.stringify(outcome.left).slice(0, 300)}`;
  if (c.expect.unlike !== undefined && details(rule.parse(c.expect.unlike)).some((d) => said.includes(d)))
    return `${length}: refused for its length, as the value past the bound is`;
  return undefined;
};

const operations = (): [string, Operation][] =>
  Object.values(API_DOCUMENT.paths).flatMap((item) =>
    (['post', 'put'] as const satisfies readonly HttpMethod[]).flatMap((method) => {
      const operation = item[method];
      return operation?.requestBody === undefined ? [] : [[operation.operationId, operation] as [string, Operation]];
    }),
  );

const boundsOf = (id: string, operation: Operation): DocumentedBound[] => {
  const rule = BODY_RULES[id];
  const schema = requestSchema(operation);
  if (rule === undefined || schema === undefined) return [];
  const skipped = NOT_A_BODY_RULE[id] ?? [];
  return documentedBounds(API_DOCUMENT, schema, rule.example, rule.alternatives).filter(
    (b) => !skipped.includes(sourceOf(b.path)),
  );
};

describe('OpenAPI document: request limits are the domain rules', () => {
  it('names a domain rule for every operation that takes a body', () => {
    const unread = operations()
      .map(([id]) => id)
      .filter((id) => BODY_RULES[id] === undefined);
    expect(unread).to.deep.equal([]);
    expect(Object.keys(BODY_RULES).filter((id) => !operations().some(([op]) => op === id))).to.deep.equal([]);
  });

  it('has an example each rule accepts', () => {
    const refused = Object.entries(BODY_RULES).flatMap(([id, rule]) => {
      const outcome = rule.parse(rule.example);
      return E.isLeft(outcome) ? [`${id}: ${JSON.stringify(outcome.left)}`] : [];
    });
    expect(refused).to.deep.equal([]);
  });

  for (const [id, operation] of operations()) {
    const rule = BODY_RULES[id];
    if (rule === undefined) continue;
    it(`${id}: every bound of its body holds in the domain, a value on it accepted and one past it refused`, () => {
      const bounds = boundsOf(id, operation);
      const problems = bounds.flatMap((bound) =>
        casesOf(bound, rule.together).flatMap(
          (c) => mismatch(rule, c, `${sourceOf(bound.path) || '(body)'} ${c.label}`) ?? [],
        ),
      );
      expect(problems).to.deep.equal([]);
    });
  }

  it('finds bounds in every operation that documents one, so that none is checked by nothing', () => {
    const counted = operations().map(([id, operation]) => [id, boundsOf(id, operation).length] as const);
    const total = counted.reduce((n, [, c]) => n + c, 0);
    expect(total).to.be.greaterThan(150);
    // A key rotation and a membership take no text: a type and an instant, a type and an id; Stripe's event is Stripe's.
    const unbounded = ['rotateApplicationKeySecret', 'createAccountMembership', 'receiveStripeWebhook'];
    expect(counted.filter(([id, c]) => c === 0 && !unbounded.includes(id))).to.deep.equal([]);
  });
});

describe('OpenAPI document: string lengths are the domain rules (properties)', () => {
  const lengths = operations().flatMap(([id, operation]) =>
    boundsOf(id, operation)
      .filter((b) => b.of === 'value' && b.schema.maxLength !== undefined && b.schema.enum === undefined)
      .filter((b) => CONTENT_BEFORE_LENGTH[sourceOf(b.path)] === undefined)
      .map((b) => ({ id, bound: b })),
  );

  it('has string lengths to try', () => {
    expect(lengths).to.have.length.greaterThan(50);
  });

  for (const { id, bound } of lengths) {
    const source = sourceOf(bound.path);
    const rule = BODY_RULES[id] as BodyRule;
    const { minLength = 0, maxLength = 0 } = bound.schema;
    it(`${id} ${source}: any length is accepted exactly when the document allows it`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: maxLength + 64 }), (length) => {
          const outcome = rule.parse(
            withValue(bound.body, bound.path, textOf(valueAt(bound.body, bound.path), source, length)),
          );
          return E.isRight(outcome) === (length >= minLength && length <= maxLength);
        }),
        { numRuns: 40 },
      );
    });
  }
});

describe('OpenAPI document: patterns are the domain rules (properties)', () => {
  const patterned = operations().flatMap(([id, operation]) =>
    boundsOf(id, operation)
      .filter((b) => b.of === 'value' && b.schema.pattern !== undefined)
      .map((b) => ({ id, bound: b })),
  );

  it('has patterned request values to try', () => {
    expect(patterned.map(({ bound }) => sourceOf(bound.path))).to.include.members([
      'data.prefix',
      'data.currency',
      'data.email',
      'data.snapshot_date',
    ]);
  });

  for (const { id, bound } of patterned) {
    const source = sourceOf(bound.path);
    const rule = BODY_RULES[id] as BodyRule;
    const pattern = new RegExp(bound.schema.pattern as string, 'u');
    it(`${id} ${source}: text its pattern refuses the domain refuses there too`, () => {
      fc.assert(
        fc.property(fc.string({ minLength: 0, maxLength: 40 }), (text) => {
          fc.pre(!pattern.test(text));
          const outcome = rule.parse(withValue(bound.body, bound.path, text));
          return E.isLeft(outcome) && outcome.left.some((i) => i.source === source);
        }),
        { numRuns: 200 },
      );
    });
  }
});

/** A parameter's value as the domain reads it: query values are text, as they arrive. */
interface ParameterRule {
  readonly read: (value: unknown) => Outcome;
  readonly example: unknown;
}

const pageParameter =
  (name: string) =>
  (value: unknown): Outcome =>
    parsePageRequest(queryParams([[name, String(value)]]), 25);

/** A filter on a field that takes any text, grown or cut to a length by its value. */
const FILTER_FIELD = { name: ['eq', 'in'] } as const;

/** Every documented parameter with a bound, by `in` and name, and the domain rule that reads it. */
const PARAMETER_RULES: Readonly<Record<string, ParameterRule>> = {
  'query page[offset]': { read: pageParameter('page[offset]'), example: 20 },
  'query page[limit]': { read: pageParameter('page[limit]'), example: 10 },
  'query filter': {
    read: (value) => E.mapLeft((found: Issues) => found)(parseFilter(String(value), FILTER_FIELD)),
    example: 'eq(name,a)',
  },
  'header Idempotency-Key': { read: (value) => parseIdempotencyKey(String(value)), example: 'key-1' },
};

/**
 * Bounds of parameters no domain rule refuses, each with why: a request id or a currency header that is
 * not sane is ignored, not refused (the service makes its own id, the record's first currency is shown);
 * a cursor token that is too long is refused exactly as any token the list did not make.
 */
const NOT_A_PARAMETER_RULE = ['header X-Request-Id', 'header EP-Currency', 'query page[after]'];

const documentedParameters = (): Map<string, Parameter> => {
  const found = new Map<string, Parameter>();
  const all = [
    ...Object.values(API_DOCUMENT.components.parameters ?? {}),
    ...Object.values(API_DOCUMENT.paths).flatMap((item) =>
      (['get', 'post', 'put', 'delete'] as const).flatMap((m) => item[m]?.parameters ?? []),
    ),
  ];
  for (const entry of all) {
    const parameter = (
      '$ref' in entry ? API_DOCUMENT.components.parameters?.[entry.$ref.replace('#/components/parameters/', '')] : entry
    ) as Parameter;
    const { schema } = parameter;
    const bounded = [schema.minLength, schema.maxLength, schema.minimum, schema.maximum, schema.pattern].some(
      (b) => b !== undefined,
    );
    if (bounded) found.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  return found;
};

describe('OpenAPI document: parameter limits are the domain rules', () => {
  it('names a domain rule, or why there is none, for every bounded parameter', () => {
    const named = [...documentedParameters().keys()].filter(
      (key) => PARAMETER_RULES[key] === undefined && !NOT_A_PARAMETER_RULE.includes(key),
    );
    expect(named).to.deep.equal([]);
    expect([...documentedParameters().keys()]).to.include.members(Object.keys(PARAMETER_RULES));
  });

  for (const [key, parameter] of documentedParameters()) {
    const rule = PARAMETER_RULES[key];
    if (rule === undefined) continue;
    it(`${key}: a value on each bound accepted, one past it refused naming the parameter`, () => {
      const root: Schema = { type: 'object', properties: { [parameter.name]: parameter.schema } };
      const read = (body: unknown): Outcome => rule.read(valueAt(body, [parameter.name]));
      const bounds = documentedBounds(API_DOCUMENT, root, { [parameter.name]: rule.example });
      expect(bounds).to.have.length.greaterThan(0);
      const problems = bounds.flatMap((bound) =>
        casesOf(bound).flatMap((c) => mismatch({ parse: read, example: {} }, c, `${key} ${c.label}`) ?? []),
      );
      expect(problems).to.deep.equal([]);
    });
  }

  it('Idempotency-Key: text its pattern refuses the domain refuses too (property)', () => {
    const pattern = new RegExp(documentedParameters().get('header Idempotency-Key')?.schema.pattern as string, 'u');
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        fc.pre(!pattern.test(text));
        return E.isLeft(parseIdempotencyKey(text));
      }),
      { numRuns: 200 },
    );
  });
});

describe('OpenAPI document: what the domain writes within its limits fits it', () => {
  const documented = (schema: string, path: readonly string[]): Schema =>
    path.reduce<Schema>(
      (node, key) => (key === '[]' ? (node.items as Schema) : (node.properties?.[key] as Schema)),
      API_DOCUMENT.components.schemas[schema] as Schema,
    );

  it('a trial invoice line of a product with the longest name a request may give fits the line description', () => {
    const longest = documented('SubscriptionProduct', ['attributes', 'name']).maxLength as number;
    const product = aProduct(ID, { name: 'n'.repeat(longest) });
    const offering = anOffering(ID, [product], [aPlan(ID)]);
    const period = { start: NOW, end: new Date('2026-12-27T00:00:00.000Z'), trial: true };
    const draft = invoiceDraft(aSubscription(offering, ID, { currency: 'USD' }), offering, period, {
      id: ID,
      now: NOW,
    });
    if (E.isLeft(draft)) throw new Error(draft.left);
    const line = documented('SubscriptionInvoice', ['attributes', 'invoice_items', '[]', 'description']);
    const descriptions = draft.right.items.map((item) => codePoints(item.description));
    expect(descriptions).to.have.length.greaterThan(0);
    for (const length of descriptions) expect(length).to.be.within(longest, line.maxLength as number);
  });
});
