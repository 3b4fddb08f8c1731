import {
  CreateSubscriber,
  DeleteSubscriber,
  GetSubscriber,
  ListSubscribers,
  UpdateSubscriber,
} from '../../../application/use-cases/subscriptions/subscribers.js';
import type { Subscriber } from '../../../domain/subscriptions/subscriber.js';
import { SUBSCRIBER_LIST } from '../../../domain/subscriptions/subscriber-query.js';
import { concept, type EndpointGroup, inGeneration } from '../endpoints/endpoint.js';
import { filterParameter } from '../openapi/shared-components.js';
import { type RecordOperations, type RecordUseCases, recordEndpoints } from '../routes/record-endpoints.js';
import { subscriber2025Resource } from './subscriber-2025-document.js';
import { subscriberResource } from './subscriber-document.js';
import { SUBSCRIBER_2025_OPERATIONS, SUBSCRIBER_OPERATIONS, SUBSCRIBER_SCHEMAS } from './subscriber-operations.js';

const useCases: EndpointGroup<RecordUseCases<Subscriber>>['useCases'] = ({ use }) => ({
  create: use(CreateSubscriber),
  list: use(ListSubscribers),
  get: use(GetSubscriber),
  update: use(UpdateSubscriber),
  remove: use(DeleteSubscriber),
});

/** The five endpoints over one rendering: the delete, the same on both wires, is its own. */
const endpointsRendering = (operations: RecordOperations, resource: (subscriber: Subscriber) => unknown) => {
  const all = recordEndpoints(operations, (u: RecordUseCases<Subscriber>) => u, resource);
  return { rendered: all.filter((e) => e.method !== 'delete'), remove: all.filter((e) => e.method === 'delete') };
};
const wire2024 = endpointsRendering(SUBSCRIBER_OPERATIONS, subscriberResource);

/**
 * `/subscriptions/subscribers`: names and emails are personal, so even reading them needs a client-credentials
 * token. The reads and writes render a subscriber as 2024 does; the delete answers no body, the same in 2025.
 */
export const SUBSCRIBER_ENDPOINTS = concept<RecordUseCases<Subscriber>>({
  useCases,
  schemas: SUBSCRIBER_SCHEMAS,
  parameters: { SubscriberFilter: filterParameter(SUBSCRIBER_LIST) },
  endpoints: [...inGeneration('2024', wire2024.rendered), ...wire2024.remove],
});

/** The subscribers of EPCC's 2025 generation: the same use cases, `meta.feature_entitlements` beside 2024's shape. */
export const SUBSCRIBER_2025_ENDPOINTS = concept<RecordUseCases<Subscriber>>({
  useCases,
  schemas: {
    Subscriber2025: {
      type: 'object',
      required: ['id', 'type', 'attributes', 'meta'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        type: { type: 'string', enum: ['subscription_subscriber'] },
        attributes: { type: 'object' },
        meta: { type: 'object', properties: { feature_entitlements: { type: 'array', items: { type: 'string' } } } },
      },
    },
  },
  endpoints: inGeneration('2025', endpointsRendering(SUBSCRIBER_2025_OPERATIONS, subscriber2025Resource).rendered),
});
