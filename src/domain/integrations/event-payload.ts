import type { ObservedEvent } from './delivery.js';
import type { Integration } from './integration.js';

/**
 * EPCC's webhook payload: the event's id, what triggered it, the attempt, the integration, the resource
 * (`payload.data`) and the store. The secret is not repeated in the body; it is the header and the signature.
 */
export const eventPayload = (event: ObservedEvent, integration: Integration, attempt: number) => ({
  id: event.id,
  triggered_by: event.key,
  attempt,
  integration: {
    id: integration.id,
    integration_type: integration.attributes.integration_type,
    name: integration.attributes.name,
    description: integration.attributes.description ?? '',
  },
  payload: event.payload,
  store_id: event.storeId,
});
