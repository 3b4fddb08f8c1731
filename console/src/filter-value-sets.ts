import { FIRING_KEYS } from './observed-keys.js';

const YES_NO = ['true', 'false'] as const;

/**
 * The fields whose values are a fixed set, offered as choices in a filter. The console keeps its own
 * copies of the service's sets; `test/console/filter-values.spec.ts` holds them equal.
 */
export const VALUE_SETS: Readonly<Record<string, readonly string[]>> = {
  outstanding: YES_NO,
  tax_required: YES_NO,
  enabled: YES_NO,
  succeeded: YES_NO,
  integration_type: ['webhook'],
  status: ['pending', 'succeeded', 'failed'],
  triggered_by: FIRING_KEYS,
};
