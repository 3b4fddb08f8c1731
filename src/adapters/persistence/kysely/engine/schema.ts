import type { ColumnType } from 'kysely';

/** Row shapes: they never leave this folder; repositories map them to domain values. */
type Timestamp = ColumnType<Date, Date, Date>;

export interface StoresTable {
  id: string;
  name: string;
  rate_limit: number;
  page_length: number;
  subscriptions_generation: string;
  created_at: Timestamp;
  /** Kept exact in the same transaction as every insert, so the unfiltered list never counts rows. */
  subscription_count: ColumnType<string | number, string | number | undefined, string | number>;
}

export interface ApplicationKeysTable {
  id: string;
  store_id: string;
  name: string;
  client_id: string;
  secret_hash: string;
  /** The secret a rotation replaced, with when it stops being accepted (migration 0016). */
  previous_secret_hash: string | null;
  previous_secret_expires_at: ColumnType<Date | null, Date | null, Date | null>;
  /** Comma-separated scopes; null for full access. */
  scopes: string | null;
  reserved_rate_limit: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | null, Date | null>;
}

export interface AccessTokensTable {
  token_hash: string;
  store_id: string;
  application_key_id: string;
  grant_type: string;
  expires_at: Timestamp;
}

export interface AccountMemberTokensTable {
  token_hash: string;
  store_id: string;
  account_id: string;
  account_member_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface MerchantRealmMappingsTable {
  id: string;
  store_id: string;
  realm_id: string;
  prefix: string | null;
  prefix_key: string | null;
}

/** Products, plans and offerings share one shape: indexed columns plus the attributes as JSON. */
export interface CatalogueTable {
  id: string;
  store_id: string;
  external_ref: string | null;
  external_ref_key: string | null;
  attributes: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OfferingsTable extends CatalogueTable {
  version: number;
  /** JSON: which plans each product may be bought under; NULL, every product under every plan (migration 0032). */
  pricing_option_associations: string | null;
}

export interface OfferingItemsTable {
  id: string;
  offering_id: string;
  /** NULL for an item made inside its offering (migration 0026). */
  origin_id: string | null;
  position: number;
  attributes: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A product copy keeps its external reference beside its attributes: offerings are filtered on it. */
export interface OfferingProductsTable extends OfferingItemsTable {
  external_ref: string | null;
  external_ref_key: string | null;
  /** JSON: EPCC 2026's plan `custom_attributes`; NULL, none (migration 0032). */
  custom_attributes: string | null;
}

export interface OfferingVersionsTable {
  id: string;
  store_id: string;
  offering_id: string;
  version: number;
  snapshot: string;
  created_at: Timestamp;
}

export interface SubscriptionsTable {
  id: string;
  store_id: string;
  account_id: string;
  name: string;
  name_key: string;
  email: string;
  email_key: string;
  external_ref: string | null;
  external_ref_key: string | null;
  offering_id: string;
  offering_version_id: string;
  plan_id: string;
  currency: string;
  body: string;
  /**
   * The subscription's resource documents as text (`SubscriptionDocuments`), written with every change of
   * the row's other columns but `inactive` and `invoice_after`; NULL on rows written before migration 0045.
   */
  document: string | null;
  created_at: Timestamp;
  /** Set by migration 0012 on the subscriptions that existed before it; NULL for every later one. */
  billable_from: Timestamp | null;
  inactive: StoredBoolean;
  /** EPCC's `invoice_after`, moved by every invoice; NULL only before migration 0024 filled it. */
  invoice_after: Timestamp | null;
}

export interface SubscribersTable {
  id: string;
  store_id: string;
  account_id: string;
  name: string;
  name_key: string;
  email: string;
  email_key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: string;
  store_id: string;
  name: string;
  name_key: string;
  legal_name: string | null;
  legal_name_key: string | null;
  registration_id: string | null;
  external_ref: string | null;
  external_ref_key: string | null;
  parent_id: string | null;
  /** JSON array of ids, the root first: fixed at creation, as the parent is. */
  ancestor_ids: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountMembersTable {
  id: string;
  store_id: string;
  name: string;
  name_key: string;
  email: string;
  email_key: string;
  /** The hash of the lower-cased email: unique in the store. */
  email_identity: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountMembershipsTable {
  id: string;
  store_id: string;
  account_id: string;
  account_member_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubscriptionStatesTable {
  id: string;
  subscription_id: string;
  /** The change's place in its subscription's history, from 1. */
  sequence: number;
  action: string;
  body: string;
  created_at: Timestamp;
}

export interface StoreTestClocksTable {
  store_id: string;
  held_at: Timestamp;
}

export interface IdempotencyKeysTable {
  store_id: string;
  idempotency_key: string;
  claim_id: string;
  fingerprint: string;
  status: number | null;
  body: string | null;
  applied_at: Timestamp | null;
  locked_at: Timestamp;
  created_at: Timestamp;
}

/** Proration policies, dunning rules and schedules share one shape: the attributes as JSON and the value only one record of a store may hold. */
export interface StoreRecordsTable {
  id: string;
  store_id: string;
  exclusive_key: string | null;
  attributes: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** MySQL reads a boolean column back as 0 or 1. */
type StoredBoolean = ColumnType<boolean | number, boolean, boolean>;

export interface CartSettingsTable {
  store_id: string;
  cart_expiry_days: number;
  custom_discounts_enabled: StoredBoolean;
  use_rule_promotions: StoredBoolean;
  snapshot_date: string | null;
}

export interface CorsSettingsTable {
  store_id: string;
  /** JSON: `["*"]`, or the origins. */
  allowed_origins: string;
}

export interface GatewaySettingsTable {
  store_id: string;
  slug: string;
  enabled: StoredBoolean;
  test_mode: StoredBoolean;
  stripe_account: string | null;
  /** Base64 of the AES-256-GCM nonce, ciphertext and tag; never the clear value. */
  login_sealed: string | null;
  login_key_id: string | null;
  login_masked: string | null;
  password_sealed: string | null;
  password_key_id: string | null;
  password_masked: string | null;
  webhook_secret_sealed: string | null;
  webhook_secret_key_id: string | null;
  webhook_secret_masked: string | null;
}

export interface AccountMembershipSettingsTable {
  store_id: string;
  membership_limit: number;
}

export interface AuthenticationRealmsTable {
  id: string;
  store_id: string;
  name: string;
  /** A JSON array of URIs. */
  redirect_uris: string;
  duplicate_email_policy: string;
  kind: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountAuthenticationSettingsTable {
  store_id: string;
  enable_self_signup: StoredBoolean;
  auto_create_account_for_account_members: StoredBoolean;
  account_member_self_management: string;
  token_timeout_secs: number;
}

export interface PasswordProfilesTable {
  id: string;
  store_id: string;
  realm_id: string;
  name: string;
  username_format: string;
  enable_one_time_password_token: StoredBoolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OidcProfilesTable {
  id: string;
  store_id: string;
  realm_id: string;
  name: string;
  discovery_url: string;
  client_id: string;
  client_secret: string;
  redirect_uris: string;
  issuer: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OidcProfileInfosTable {
  id: string;
  store_id: string;
  realm_id: string;
  user_id: string;
  oidc_profile_id: string;
  subject: string;
  subject_key: string;
  issuer: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OidcSignInAttemptsTable {
  state_hash: string;
  store_id: string;
  realm_id: string;
  oidc_profile_id: string;
  prefix: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  expires_at: Timestamp;
}

export interface PasswordProfileInfosTable {
  id: string;
  store_id: string;
  account_member_id: string;
  password_profile_id: string;
  username: string;
  username_key: string;
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvoiceNumbersTable {
  store_id: string;
  last_number: ColumnType<string | number, number, number>;
}

export interface InvoicesTable {
  id: string;
  store_id: string;
  subscription_id: string;
  subscriber_id: string;
  number: ColumnType<string | number, number, number>;
  billing_period_start: Timestamp;
  billing_period_end: Timestamp;
  items: string;
  tax_items: string;
  currency: string;
  amount: ColumnType<string | number, number, number>;
  includes_tax: StoredBoolean;
  outstanding: StoredBoolean;
  tax_required: StoredBoolean;
  payment_retries_limit_reached: StoredBoolean;
  manual_payment_pending: StoredBoolean;
  failed_payment_attempts: number;
  last_payment_attempt_at: ColumnType<Date | null, Date | null, Date | null>;
  job_id: string | null;
  tax_job_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  taxes_added_at: ColumnType<Date | null, Date | null, Date | null>;
  /** Set on an invoice made ahead of its period (pro forma until then); migration 0030. */
  valid_from: ColumnType<Date | null, Date | null | undefined, Date | null>;
  proration: string | null;
}

export interface InvoicePaymentsTable {
  id: string;
  store_id: string;
  invoice_id: string;
  subscription_id: string;
  job_id: string;
  gateway: string;
  status: string;
  amount: ColumnType<string | number, number, number>;
  currency: string;
  includes_tax: StoredBoolean;
  external_payment_id: string | null;
  failure_reason: string | null;
  pending_invoice_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  payment_taken_at: ColumnType<Date | null, Date | null, Date | null>;
  amount_refunded: ColumnType<string | number, number | undefined, number>;
}

export interface InvoicePaymentRefundsTable {
  id: string;
  store_id: string;
  invoice_id: string;
  payment_id: string;
  subscription_id: string;
  amount: ColumnType<string | number, number, number>;
  currency: string;
  reason: string;
  status: ColumnType<string, string | undefined, string>;
  gateway: string;
  external_refund_id: string | null;
  created_at: Timestamp;
}

export interface JobsTable {
  id: string;
  store_id: string;
  job_type: string;
  external_ref: string | null;
  external_ref_key: string | null;
  taxes: string | null;
  price_update: string | null;
  status: string;
  report: string | null;
  error: string | null;
  schedule_id: string | null;
  scheduled_for: Timestamp | null;
  lease_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface JobLanesTable {
  store_id: string;
  lane: string;
}

export interface ImportLinesTable {
  import_id: string;
  line_number: number;
  store_id: string;
  record_type: string | null;
  body: string | null;
  record_id: string | null;
  status: string;
  error: string | null;
  received_at: Date;
}

/** Kysely's own bookkeeping is not listed: the migrator owns it. */
export interface Tables {
  subscription_proration_policies: StoreRecordsTable;
  subscription_dunning_rules: StoreRecordsTable;
  subscription_features: StoreRecordsTable;
  subscription_schedules: StoreRecordsTable;
  cart_settings: CartSettingsTable;
  account_membership_settings: AccountMembershipSettingsTable;
  cors_settings: CorsSettingsTable;
  gateway_settings: GatewaySettingsTable;
  authentication_realms: AuthenticationRealmsTable;
  account_authentication_settings: AccountAuthenticationSettingsTable;
  password_profiles: PasswordProfilesTable;
  password_profile_infos: PasswordProfileInfosTable;
  oidc_profiles: OidcProfilesTable;
  oidc_profile_infos: OidcProfileInfosTable;
  oidc_sign_in_attempts: OidcSignInAttemptsTable;
  stores: StoresTable;
  application_keys: ApplicationKeysTable;
  access_tokens: AccessTokensTable;
  account_member_tokens: AccountMemberTokensTable;
  merchant_realm_mappings: MerchantRealmMappingsTable;
  subscription_products: CatalogueTable;
  subscription_plans: CatalogueTable;
  subscription_offerings: OfferingsTable;
  subscription_offering_products: OfferingProductsTable;
  subscription_offering_plans: OfferingItemsTable;
  subscription_offering_features: OfferingItemsTable;
  subscription_offering_versions: OfferingVersionsTable;
  subscriptions: SubscriptionsTable;
  subscription_states: SubscriptionStatesTable;
  subscription_subscribers: SubscribersTable;
  accounts: AccountsTable;
  account_members: AccountMembersTable;
  account_memberships: AccountMembershipsTable;
  idempotency_keys: IdempotencyKeysTable;
  store_test_clocks: StoreTestClocksTable;
  subscription_invoice_numbers: InvoiceNumbersTable;
  subscription_invoices: InvoicesTable;
  subscription_invoice_payments: InvoicePaymentsTable;
  subscription_invoice_payment_refunds: InvoicePaymentRefundsTable;
  subscription_jobs: JobsTable;
  subscription_job_lanes: JobLanesTable;
  subscription_import_lines: ImportLinesTable;
  integrations: IntegrationsTable;
  integration_events: IntegrationEventsTable;
  audit_events: AuditEventsTable;
  integration_jobs: IntegrationJobsTable;
  integration_logs: IntegrationLogsTable;
  merchant_users: MerchantUsersTable;
  console_sessions: ConsoleSessionsTable;
}

export interface IntegrationsTable {
  id: string;
  store_id: string;
  name: string;
  description: string | null;
  enabled: ColumnType<boolean | number, boolean, boolean>;
  integration_type: string;
  /** `,key,key,`: a key is observed when `,key,` is in it. */
  observed_keys: string;
  url: string;
  secret_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IntegrationEventsTable {
  id: string;
  store_id: string;
  observed_key: string;
  payload: string;
  created_at: Timestamp;
}

export interface IntegrationJobsTable {
  id: string;
  store_id: string;
  integration_id: string;
  event_id: string;
  observed_key: string;
  status: string;
  attempts: number;
  due_at: ColumnType<Date | null, Date | null, Date | null>;
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IntegrationLogsTable {
  id: string;
  store_id: string;
  integration_id: string;
  job_id: string;
  attempt: number;
  succeeded: ColumnType<boolean | number, boolean, boolean>;
  status_code: number | null;
  body: string;
  error_detail: string | null;
  duration_ms: number;
  created_at: Timestamp;
}

export interface MerchantUsersTable {
  id: string;
  store_id: string;
  name: string;
  email: string;
  /** `lookupKey` of the lower-case email: unique in the store. */
  email_key: string;
  role: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_signed_in_at: Timestamp | null;
}

/** One of `merchant_user_id` and `application_key_id` is set: whom the session acts for. */
export interface ConsoleSessionsTable {
  id_hash: string;
  csrf_hash: string;
  store_id: string;
  merchant_user_id: string | null;
  application_key_id: string | null;
  address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
  idle_expires_at: Timestamp;
  expires_at: Timestamp;
}

export interface AuditEventsTable {
  id: string;
  store_id: string;
  created_at: Timestamp;
  actor_kind: string;
  actor_id: string;
  actor_name: string | null;
  address: string | null;
  action: string;
  resource_type: string;
  resource_id: string;
  resource_seq: number;
  before_json: string | null;
  after_json: string | null;
  request_id: string | null;
}
