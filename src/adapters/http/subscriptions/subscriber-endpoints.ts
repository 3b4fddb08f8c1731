import {
  CreateSubscriber,
  DeleteSubscriber,
  GetSubscriber,
  ListSubscribers,
  UpdateSubscriber,
} from '../../../application/use-cases/subscriptions/subscribers.js';
import type { Subscriber } from '../../../domain/subscriptions/subscriber.js';
import { SUBSCRIBER_LIST } from '../../../domain/subscriptions/subscriber-query.js';
import { concept } from '../endpoints/endpoint.js';
import { filterParameter } from '../openapi/shared-components.js';
import { type RecordUseCases, recordEndpoints } from '../routes/record-endpoints.js';
import { subscriberResource } from './subscriber-document.js';
import { SUBSCRIBER_OPERATIONS, SUBSCRIBER_SCHEMAS } from './subscriber-operations.js';

/** `/subscriptions/subscribers`: names and emails are personal, so even reading them needs a client-credentials token. */
export const SUBSCRIBER_ENDPOINTS = concept<RecordUseCases<Subscriber>>({
  useCases: ({ use }) => ({
    create: use(CreateSubscriber),
    list: use(ListSubscribers),
    get: use(GetSubscriber),
    update: use(UpdateSubscriber),
    remove: use(DeleteSubscriber),
  }),
  schemas: SUBSCRIBER_SCHEMAS,
  parameters: { SubscriberFilter: filterParameter(SUBSCRIBER_LIST) },
  endpoints: recordEndpoints(
    SUBSCRIBER_OPERATIONS,
    (u: RecordUseCases<Subscriber>) => u,
    (s) => subscriberResource(s),
  ),
});
