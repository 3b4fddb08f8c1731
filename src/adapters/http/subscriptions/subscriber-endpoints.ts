import * as E from 'fp-ts/lib/Either.js';
import {
  type EntitledSubscriber,
  EntitlementsOfSubscribers,
} from '../../../application/use-cases/subscriptions/entitlements-of-subscribers.js';
import {
  CreateSubscriber,
  DeleteSubscriber,
  GetSubscriber,
  ListSubscribers,
  UpdateSubscriber,
} from '../../../application/use-cases/subscriptions/subscribers.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
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

/**
 * The subscriber use cases with each answer's entitlements read beside it: a page's in one read for all
 * its subscribers. The delete answers nothing to entitle.
 */
const entitled = (
  base: RecordUseCases<Subscriber>,
  entitlements: EntitlementsOfSubscribers,
): RecordUseCases<EntitledSubscriber> => {
  const one = async (storeId: Uuid, found: E.Either<DomainError, Subscriber>) => {
    if (E.isLeft(found)) return found;
    const [answer] = await entitlements.execute(storeId, [found.right]);
    if (answer === undefined) throw new Error('a subscriber was read without its entitlements');
    return E.right(answer);
  };
  return {
    create: { execute: async (storeId, data) => one(storeId, await base.create.execute(storeId, data)) },
    get: { execute: async (storeId, id) => one(storeId, await base.get.execute(storeId, id)) },
    update: { execute: async (storeId, id, data) => one(storeId, await base.update.execute(storeId, id, data)) },
    list: {
      execute: async (storeId, params) => {
        const page = await base.list.execute(storeId, params);
        if (E.isLeft(page)) return page;
        return E.right({ ...page.right, items: await entitlements.execute(storeId, page.right.items) });
      },
    },
    remove: base.remove,
  };
};

/** The five endpoints over one rendering: the delete, the same on both wires, is its own. */
const endpointsRendering = <A>(operations: RecordOperations, resource: (subscriber: A) => unknown) => {
  const all = recordEndpoints(operations, (u: RecordUseCases<A>) => u, resource);
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
export const SUBSCRIBER_2025_ENDPOINTS = concept<RecordUseCases<EntitledSubscriber>>({
  useCases: (wiring) => entitled(useCases(wiring), wiring.use(EntitlementsOfSubscribers)),
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
