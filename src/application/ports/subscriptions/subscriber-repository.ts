import type * as E from 'fp-ts/lib/Either.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Subscriber } from '../../../domain/subscriptions/subscriber.js';
import type { SubscriberQuery } from '../../../domain/subscriptions/subscriber-query.js';
import type { ChangeEvent, ChangeEventsOf } from '../integrations/observed-payloads.js';
import type { Missing } from '../storage-outcomes.js';

/** Storage of a store's subscribers; the events a change fires are the caller's, written in the change's transaction. */
export interface SubscriberRepository {
  insert(subscriber: Subscriber, events: readonly ChangeEvent[]): Promise<void>;
  findById(storeId: Uuid, id: Uuid): Promise<Subscriber | undefined>;
  /** Loads, changes and stores the subscriber in one transaction; undefined when the store has no such subscriber. */
  update(
    storeId: Uuid,
    id: Uuid,
    change: (current: Subscriber) => Subscriber,
    eventsOf: ChangeEventsOf<Subscriber>,
  ): Promise<Subscriber | undefined>;
  delete(storeId: Uuid, id: Uuid, events: readonly ChangeEvent[]): Promise<E.Either<Missing, void>>;
  /** Newest first. */
  list(storeId: Uuid, query: SubscriberQuery): Promise<Page<Subscriber>>;
}
