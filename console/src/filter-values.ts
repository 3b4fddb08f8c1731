import { findAccounts, findProrationPolicies } from './finders';
import { FIRING_KEYS } from './observed-keys';
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
 * by a picker. A field absent here takes typed text: a name, an email, a reference. The console keeps its
 * own copies of the sets; `test/console/filter-values.spec.ts` holds them equal to the service's.
 */
export type KnownValues =
  | { readonly kind: 'set'; readonly values: readonly string[] }
  | { readonly kind: 'records'; readonly find: (typed: string) => Promise<readonly Choice[]> };

const YES_NO: KnownValues = { kind: 'set', values: ['true', 'false'] };

export const KNOWN_VALUES: Readonly<Record<string, KnownValues>> = {
  id: { kind: 'records', find: findAccounts },
  account_id: { kind: 'records', find: findAccounts },
  subscriber_id: { kind: 'records', find: findAccounts },
  proration_policy_id: { kind: 'records', find: findProrationPolicies },
  outstanding: YES_NO,
  tax_required: YES_NO,
  enabled: YES_NO,
  succeeded: YES_NO,
  integration_type: { kind: 'set', values: ['webhook'] },
  status: { kind: 'set', values: ['pending', 'succeeded', 'failed'] },
  triggered_by: { kind: 'set', values: FIRING_KEYS },
};
