import { VALUE_SETS } from './filter-value-sets';
import { findAccounts, findProrationPolicies } from './finders';
import type { Choice } from './picker';

/** The name a merchant reads for each field a list filters on; a field not named here shows as the API spells it. */
export const FIELD_NAMES: Readonly<Record<string, string>> = {
  id: 'Account',
  account_id: 'Account',
  subscriber_id: 'Subscriber (account)',
  subscription_id: 'Subscription id',
  name: 'Name',
  email: 'Email',
  legal_name: 'Legal name',
  registration_id: 'Registration id',
  external_ref: 'External reference',
  external_product_refs: 'Product references',
  proration_policy_id: 'Proration policy',
  outstanding: 'Outstanding',
  tax_required: 'Tax required',
  enabled: 'Enabled',
  integration_type: 'Type',
  succeeded: 'Delivered',
  status: 'Status',
  triggered_by: 'Event',
};

/**
 * The values a field can take, where they are known: a fixed set (offered as choices), or records found
 * by a picker (`VALUE_SETS` has the sets). A field absent here takes typed text: a name, an email, a reference.
 */
export type KnownValues =
  | { readonly kind: 'set'; readonly values: readonly string[] }
  | { readonly kind: 'records'; readonly find: (typed: string) => Promise<readonly Choice[]> };

export const KNOWN_VALUES: Readonly<Record<string, KnownValues>> = {
  id: { kind: 'records', find: findAccounts },
  account_id: { kind: 'records', find: findAccounts },
  subscriber_id: { kind: 'records', find: findAccounts },
  proration_policy_id: { kind: 'records', find: findProrationPolicies },
  ...Object.fromEntries(Object.entries(VALUE_SETS).map(([field, values]) => [field, { kind: 'set', values } as const])),
};
