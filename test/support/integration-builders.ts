import { randomIds } from '../../src/adapters/system/system-module.js';
import type { Integration, IntegrationAttributes } from '../../src/domain/integrations/integration.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';

export const anIntegration = (
  storeId: Uuid,
  attributes: Partial<IntegrationAttributes> = {},
  createdAt = new Date('2026-01-01T00:00:00.000Z'),
): Integration => ({
  id: randomIds.uuid(),
  storeId,
  attributes: {
    name: 'Fulfilment',
    enabled: true,
    integration_type: 'webhook',
    observes: ['subscription.created'],
    configuration: { url: 'https://hooks.example.com/epcc', secret_key: 'whsec-1' },
    ...attributes,
  },
  createdAt,
  updatedAt: createdAt,
});
