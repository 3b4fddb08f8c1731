import type { Delivery, DeliveryLog } from '../../../domain/integrations/delivery.js';
import { INTEGRATION_TYPE, type Integration } from '../../../domain/integrations/integration.js';
import { formatTimestamp } from '../timestamps.js';

export const INTEGRATIONS_PATH = '/v2/integrations';

/** EPCC's Integration: its fields in `data` itself, with `links.self` and `meta.timestamps`. */
export const integrationResource = (integration: Integration, origin: string) => ({
  id: integration.id,
  type: INTEGRATION_TYPE,
  ...integration.attributes,
  links: { self: `${origin}${INTEGRATIONS_PATH}/${integration.id}` },
  meta: {
    timestamps: {
      created_at: formatTimestamp(integration.createdAt),
      updated_at: formatTimestamp(integration.updatedAt),
    },
  },
});

/** EPCC's IntegrationJob: one event for one integration, with where its delivery stands. */
export const integrationJobResource = (delivery: Delivery) => ({
  id: delivery.id,
  type: 'integration-job',
  triggered_by: delivery.key,
  status: delivery.status,
  attempts: delivery.attempts,
  relationships: { integration: { data: { id: delivery.integrationId, type: INTEGRATION_TYPE } } },
  meta: {
    timestamps: { created_at: formatTimestamp(delivery.createdAt), updated_at: formatTimestamp(delivery.updatedAt) },
    ...(delivery.nextAttemptAt === undefined ? {} : { next_attempt_at: formatTimestamp(delivery.nextAttemptAt) }),
  },
});

/** EPCC's IntegrationLog (whose `type` EPCC documents as `integration`), with the attempt's duration and time. */
export const integrationLogResource = (log: DeliveryLog) => ({
  id: log.id,
  type: INTEGRATION_TYPE,
  succeeded: log.succeeded,
  attempt: log.attempt,
  body: log.body,
  ...(log.statusCode === undefined ? {} : { status_code: log.statusCode }),
  ...(log.errorDetail === undefined ? {} : { error_detail: log.errorDetail }),
  relationships: {
    integration: { data: { id: log.integrationId, type: INTEGRATION_TYPE } },
    job: { data: { id: log.deliveryId, type: 'integration-job' } },
  },
  meta: { duration_ms: log.durationMs, timestamps: { created_at: formatTimestamp(log.createdAt) } },
});
