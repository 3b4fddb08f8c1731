/** The fields of the API's resources that the console shows (the API sends more). */
export interface ApplicationKey {
  readonly id: string;
  readonly name: string;
  readonly client_id: string;
  readonly client_secret?: string;
  readonly reserved_rate_limit?: number;
  readonly scopes?: readonly string[];
  readonly meta: { readonly timestamps: { readonly created_at: string; readonly last_used_at: string | null } };
}

export interface RealmMapping {
  readonly id: string;
  readonly prefix: string | null;
  readonly realm_id: string;
}

export interface Price {
  readonly amount: number;
  readonly currency: string;
  readonly includes_tax?: boolean;
}

export interface CatalogueItem {
  readonly id: string;
  readonly attributes: {
    readonly name: string;
    readonly description?: string;
    readonly sku?: string;
    readonly external_ref?: string;
    readonly price?: Readonly<Record<string, { readonly amount: number }>>;
    readonly fixed_price?: Readonly<Record<string, { readonly amount: number }>>;
    readonly base_price_percentage?: number;
    readonly billing_interval_type?: string;
    readonly billing_frequency?: number;
    readonly plan_length?: number;
    readonly trial_period?: number;
    readonly end_behavior?: string;
    readonly can_pause?: boolean;
    readonly can_resume?: boolean;
    readonly can_cancel?: boolean;
  };
  readonly meta?: { readonly display_price?: { readonly without_tax?: { readonly formatted?: string } } };
}

export interface Subscription {
  readonly id: string;
  readonly attributes: {
    readonly account_id: string;
    readonly name: string;
    readonly email: string;
    readonly external_ref?: string;
    readonly plan_id: string;
    readonly currency: string;
    readonly status: 'active' | 'inactive';
    readonly offering: { readonly id?: string; readonly attributes?: { readonly name?: string } };
  };
  readonly meta: {
    readonly canceled: boolean;
    readonly paused: boolean;
    readonly closed: boolean;
    readonly pending: boolean;
    readonly suspended: boolean;
    readonly manual_payments: boolean;
    readonly timestamps: Readonly<Record<string, string | undefined>>;
  };
}

export interface SubscriptionState {
  readonly id: string;
  readonly attributes: { readonly action: string };
  readonly meta: { readonly created_at: string };
}

export interface Invoice {
  readonly id: string;
  readonly attributes: {
    readonly number: number;
    readonly outstanding: boolean;
    readonly tax_required: boolean;
    readonly manual_payment_pending: boolean;
    readonly billing_period: { readonly start: string; readonly end: string };
    readonly tax_items?: readonly TaxItem[];
    readonly invoice_items?: readonly InvoiceItem[];
    readonly payment_retries_limit_reached?: boolean;
    readonly created_at?: string;
  };
  readonly meta: {
    readonly subscription_id: string;
    readonly subscriber_id?: string;
    readonly price?: Price;
    readonly proration_events?: readonly ProrationEvent[];
  };
}

/** One line of an invoice: a product of the subscription, or its plan when the plan has a fixed price. */
export interface InvoiceItem {
  readonly description: string;
  readonly price: Price;
  readonly product_id?: string;
  readonly from_time_period: string;
  readonly until_time_period: string;
}

export interface TaxItem {
  readonly name?: string;
  readonly code?: string;
  readonly jurisdiction?: string;
  readonly rate: number;
  readonly amount?: number;
}

export interface ProrationEvent {
  readonly billing_cost_before_proration: number;
  readonly refunded_amount_for_unused_plan: number;
  readonly new_plan_cost: number;
  readonly prorated_at: string;
}

export interface Payment {
  readonly id: string;
  readonly attributes: {
    readonly success: boolean;
    readonly pending: boolean;
    readonly amount?: Price;
    readonly external_payment_id?: string;
    readonly gateway?: string;
    readonly failure_detail?: { readonly reason?: string };
  };
  readonly meta: {
    readonly manual_payment: boolean;
    readonly amount_refunded?: number;
    readonly timestamps: { readonly created_at: string; readonly payment_taken_at?: string };
  };
}

export interface Job {
  readonly id: string;
  readonly attributes: {
    readonly job_type: string;
    readonly status: string;
    readonly external_ref?: string;
    /** A tax run's invoices, as submitted. */
    readonly taxes?: readonly { readonly invoice_id: string }[];
  };
  readonly meta: {
    readonly timestamps: { readonly created_at: string; readonly finished_at?: string };
    readonly report?: Readonly<Record<string, unknown>>;
    readonly import_report?: Readonly<Record<string, unknown>>;
    readonly error?: string;
  };
}

export interface Schedule {
  readonly id: string;
  readonly attributes: {
    readonly specification: string;
    readonly location?: string;
    readonly name?: string;
    readonly job: { readonly job_type: string };
  };
  readonly meta: { readonly scheduled_for?: string };
}

export interface Import {
  readonly id: string;
  readonly attributes: { readonly status: string; readonly external_ref?: string };
  readonly meta: {
    readonly timestamps: { readonly created_at: string };
    readonly records?: {
      readonly uploaded?: Readonly<Record<string, number>>;
      readonly imported?: Readonly<Record<string, number>>;
    };
  };
}

export interface ImportProblem {
  readonly line_number: number;
  readonly record_type: string;
  readonly detail: string;
}

export const SUBSCRIPTIONS = '/v2/subscriptions';

export interface Integration {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  readonly enabled: boolean;
  readonly integration_type: string;
  readonly observes: readonly string[];
  readonly configuration: { readonly url: string; readonly secret_key?: string };
  readonly meta: { readonly timestamps: { readonly created_at: string; readonly updated_at: string } };
}

/** One event for one integration, with where its delivery stands. */
export interface IntegrationJob {
  readonly id: string;
  readonly triggered_by: string;
  readonly status: string;
  readonly attempts: number;
  readonly meta: {
    readonly timestamps: { readonly created_at: string; readonly updated_at: string };
    readonly next_attempt_at?: string;
  };
}

/** One delivery attempt. */
export interface IntegrationLog {
  readonly id: string;
  readonly succeeded: boolean;
  readonly attempt: number;
  readonly status_code?: number;
  readonly error_detail?: string;
  readonly relationships: {
    readonly integration: { readonly data: { readonly id: string } };
    readonly job: { readonly data: { readonly id: string } };
  };
  readonly meta: { readonly duration_ms: number; readonly timestamps: { readonly created_at: string } };
}

export const INTEGRATIONS = '/v2/integrations';

export const ACCOUNTS = '/v2/accounts';

/**
 * An account as EPCC's Account Management API sends it: its fields beside `id`, not under `attributes`,
 * null when not set.
 */
export interface Account {
  readonly id: string;
  readonly name: string;
  readonly legal_name?: string | null;
  readonly registration_id?: string | null;
  readonly external_ref?: string | null;
  readonly relationships?: { readonly parent?: { readonly data?: { readonly id: string } | null } };
  readonly meta: {
    readonly timestamps: { readonly created_at: string; readonly updated_at: string };
    /** The tags the account's subscriptions grant now, where the API sends them. */
    readonly feature_entitlements?: readonly string[];
  };
}

export const ACCOUNT_MEMBERS = '/v2/account-members';

export interface AccountMember {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly meta: { readonly timestamps: { readonly created_at: string } };
}

/** That a member may act for an account; the member or the account comes in `included` when asked for. */
export interface AccountMembership {
  readonly id: string;
  readonly relationships: {
    readonly account_member: { readonly data: { readonly id: string } };
    readonly account: { readonly data: { readonly id: string } };
  };
  readonly meta: { readonly timestamps: { readonly created_at: string } };
}

export const MERCHANT_USERS = '/v2/merchant-users';

/** The four roles a person can hold, most powerful first. */
export const ROLES = ['owner', 'admin', 'billing', 'read-only'] as const;
export type Role = (typeof ROLES)[number];

/** One of the merchant's people, who signs in to this console with one role. */
export interface MerchantUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly role: Role;
  readonly last_signed_in_at: string | null;
}

/** A password profile of a realm: usernames and passwords people sign in with. */
export interface PasswordProfile {
  readonly id: string;
  readonly name: string;
}

/** A change the audit trail recorded: who, when, from where, what, before and after. */
export interface AuditEvent {
  readonly id: string;
  readonly occurred_at: string;
  readonly actor: { readonly kind: 'key' | 'user' | 'system'; readonly id: string; readonly name?: string };
  readonly address: string | null;
  readonly action: string;
  readonly resource: { readonly type: string; readonly id: string };
  readonly sequence: number;
  readonly before: unknown;
  readonly after: unknown;
  readonly request_id: string | null;
}

export const AUDIT_EVENTS = '/v2/audit-events';
