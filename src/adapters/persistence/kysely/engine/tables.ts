import type { Tables } from './schema.js';

/** Every table the migrations create, children before parents: the order they can be emptied or dropped in. */
export const TABLES_CHILDREN_FIRST: readonly (keyof Tables)[] = [
  'integration_logs',
  'integration_jobs',
  'integration_events',
  'integrations',
  'idempotency_keys',
  'store_test_clocks',
  'subscription_invoice_payment_refunds',
  'subscription_invoice_payments',
  'subscription_invoices',
  'subscription_invoice_numbers',
  'subscription_import_lines',
  'subscription_job_lanes',
  'subscription_jobs',
  'cart_settings',
  'account_membership_settings',
  'subscription_dunning_rules',
  'subscription_features',
  'subscription_schedules',
  'subscription_subscribers',
  'subscription_states',
  'subscriptions',
  'subscription_offering_versions',
  'subscription_offering_features',
  'subscription_offering_plans',
  'subscription_offering_products',
  'subscription_offerings',
  'subscription_proration_policies',
  'subscription_plans',
  'subscription_products',
  'access_tokens',
  'application_keys',
  'merchant_realm_mappings',
  'account_memberships',
  'account_members',
  'accounts',
  'stores',
];

/** Kysely's own bookkeeping of applied migrations. */
export const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'] as const;
