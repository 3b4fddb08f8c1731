import * as E from 'fp-ts/lib/Either.js';
import { notFound, validationFailed } from '../../../domain/shared/errors.js';
import { applyChanges } from '../../../domain/shared/record-parser.js';
import { parseUuid } from '../../../domain/shared/uuid.js';
import {
  parseNewSubscriber,
  parseSubscriberChanges,
  type Subscriber,
} from '../../../domain/subscriptions/subscriber.js';
import { SUBSCRIBER_EVENTS } from '../../../domain/subscriptions/subscriber-events.js';
import { SUBSCRIBER_LIST } from '../../../domain/subscriptions/subscriber-query.js';
import type { SubscriberRepository } from '../../ports/subscriptions/subscriber-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import { type RecordBodies, recordUseCases } from '../record-use-cases.js';

const NOT_FOUND = 'subscriber not found';

/** EPCC's subscribers: a store's record of who pays, read and changed like any record a store keeps. */
const SUBSCRIBER_BODIES: RecordBodies<Subscriber, SubscriberRepository> = {
  create: async (subscribers, { clock, ids }, storeId, data) => {
    const attributes = parseNewSubscriber(data);
    if (E.isLeft(attributes)) return E.left(validationFailed(attributes.left));
    const now = clock.now();
    const subscriber: Subscriber = {
      id: ids.uuid(),
      storeId,
      attributes: attributes.right,
      createdAt: now,
      updatedAt: now,
    };
    await subscribers.insert(subscriber, [SUBSCRIBER_EVENTS.created(subscriber)]);
    return E.right(subscriber);
  },
  get: async (subscribers, storeId, id) => {
    const subscriberId = parseUuid(id);
    const found = subscriberId === undefined ? undefined : await subscribers.findById(storeId, subscriberId);
    return found === undefined ? E.left(notFound(NOT_FOUND)) : E.right(found);
  },
  list: (subscribers, stores, storeId, params) =>
    listPage(stores, storeId, params, SUBSCRIBER_LIST, (query) => subscribers.list(storeId, query)),
  update: async (subscribers, clock, storeId, id, data) => {
    const subscriberId = parseUuid(id);
    if (subscriberId === undefined) return E.left(notFound(NOT_FOUND));
    const changes = parseSubscriberChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const now = clock.now();
    const updated = await subscribers.update(
      storeId,
      subscriberId,
      (current) => ({ ...current, attributes: applyChanges(current.attributes, changes.right), updatedAt: now }),
      (subscriber) => [SUBSCRIBER_EVENTS.updated(subscriber)],
    );
    return updated === undefined ? E.left(notFound(NOT_FOUND)) : E.right(updated);
  },
  delete: async (subscribers, storeId, id) => {
    const subscriberId = parseUuid(id);
    if (subscriberId === undefined) return E.left(notFound(NOT_FOUND));
    const deleted = await subscribers.delete(storeId, subscriberId, [SUBSCRIBER_EVENTS.deleted(subscriberId)]);
    return E.isLeft(deleted) ? E.left(notFound(NOT_FOUND)) : E.right(undefined);
  },
};

const SUBSCRIBER_USE_CASES = recordUseCases(SUBSCRIBER_BODIES, TOKENS.SubscriberRepository);

export const CreateSubscriber = SUBSCRIBER_USE_CASES.Create;
export type CreateSubscriber = InstanceType<typeof CreateSubscriber>;
export const GetSubscriber = SUBSCRIBER_USE_CASES.Get;
export type GetSubscriber = InstanceType<typeof GetSubscriber>;
export const ListSubscribers = SUBSCRIBER_USE_CASES.List;
export type ListSubscribers = InstanceType<typeof ListSubscribers>;
export const UpdateSubscriber = SUBSCRIBER_USE_CASES.Update;
export type UpdateSubscriber = InstanceType<typeof UpdateSubscriber>;
export const DeleteSubscriber = SUBSCRIBER_USE_CASES.Delete;
export type DeleteSubscriber = InstanceType<typeof DeleteSubscriber>;
