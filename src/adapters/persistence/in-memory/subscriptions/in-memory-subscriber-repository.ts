import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import type { ChangeEvent, ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import { type Missing, missing } from '../../../../application/ports/storage-outcomes.js';
import type { SubscriberRepository } from '../../../../application/ports/subscriptions/subscriber-repository.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { Subscriber } from '../../../../domain/subscriptions/subscriber.js';
import type { SubscriberQuery } from '../../../../domain/subscriptions/subscriber-query.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import type { InMemoryOutbox } from '../integrations/in-memory-outbox.js';

@injectable()
export class InMemorySubscriberRepository implements SubscriberRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.Outbox) @optional() private readonly outbox?: InMemoryOutbox,
  ) {}

  async insert(subscriber: Subscriber, events: readonly ChangeEvent[]): Promise<void> {
    if (this.state.subscribers.has(subscriber.id)) throw new Error(`duplicate id ${subscriber.id}`);
    this.state.subscribers.set(subscriber.id, subscriber);
    this.outbox?.record(subscriber.storeId, events);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<Subscriber | undefined> {
    const found = this.state.subscribers.get(id);
    return found?.storeId === storeId ? found : undefined;
  }

  async update(
    storeId: Uuid,
    id: Uuid,
    change: (current: Subscriber) => Subscriber,
    eventsOf: ChangeEventsOf<Subscriber>,
  ): Promise<Subscriber | undefined> {
    const current = this.state.subscribers.get(id);
    if (current?.storeId !== storeId) return undefined;
    const updated = change(current);
    this.state.subscribers.set(id, updated);
    this.outbox?.record(storeId, eventsOf(updated));
    return updated;
  }

  async delete(storeId: Uuid, id: Uuid, events: readonly ChangeEvent[]): Promise<E.Either<Missing, void>> {
    if (this.state.subscribers.get(id)?.storeId !== storeId) return E.left(missing);
    this.state.subscribers.delete(id);
    this.outbox?.record(storeId, events);
    return E.right(undefined);
  }

  async list(storeId: Uuid, query: SubscriberQuery): Promise<Page<Subscriber>> {
    const ofStore = [...this.state.subscribers.values()].filter((s) => s.storeId === storeId);
    return listOf(ofStore, query, {
      fields: {
        account_id: (s) => s.attributes.account_id,
        name: (s) => s.attributes.name,
        email: (s) => s.attributes.email,
      },
      ordered: (s) => s,
      keepsRunningCount: false,
    });
  }
}
