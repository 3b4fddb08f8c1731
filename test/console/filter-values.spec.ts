import { expect } from 'chai';
import { VALUE_SETS } from '../../console/src/filter-value-sets.js';
import { FIRING_KEYS } from '../../console/src/observed-keys.js';
import { DELIVERY_STATUSES } from '../../src/domain/integrations/delivery.js';
import { SUPPORTED_INTEGRATION_TYPES } from '../../src/domain/integrations/integration.js';

/** The values a filter field takes in the service, where the console offers them as choices. */
const SERVICE_VALUES: Readonly<Record<string, readonly string[]>> = {
  status: DELIVERY_STATUSES,
  integration_type: SUPPORTED_INTEGRATION_TYPES,
  triggered_by: FIRING_KEYS,
  outstanding: ['true', 'false'],
  tax_required: ['true', 'false'],
  enabled: ['true', 'false'],
  succeeded: ['true', 'false'],
};

describe('Console: the values a filter offers as choices are the service’s', () => {
  it('offers on every field with a known set exactly the values the service takes', () => {
    expect(VALUE_SETS).to.deep.equal(SERVICE_VALUES);
  });
});
