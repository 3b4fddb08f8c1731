import type { ObservedPayloads } from '../../../../application/ports/integrations/observed-payloads.js';
import type { Clock, IdGenerator } from '../../../../application/ports/system.js';
import type { ObservableKey } from '../../../../domain/integrations/observable-events.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';

/** In memory every payload is made synchronously, inside the one step that makes the change. */
export interface FiredEvent {
  readonly key: ObservableKey;
  readonly payload: (payloads: ObservedPayloads) => unknown;
}

export const presentNow = (key: ObservableKey, data: (payloads: ObservedPayloads) => unknown): FiredEvent => ({
  key,
  payload: (payloads) => ({ data: data(payloads) }),
});
export const goneNow = (key: ObservableKey, type: string, id: string): FiredEvent => ({
  key,
  payload: () => ({ type, id }),
});

/** The outbox in memory: events and their jobs recorded in the same synchronous step as the change. */
export class InMemoryOutbox {
  constructor(
    private readonly state: InMemoryState,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly payloads: ObservedPayloads,
  ) {}

  record(storeId: Uuid, events: readonly FiredEvent[]): void {
    const integrations = [...this.state.integrations.values()].filter(
      (i) => i.storeId === storeId && i.attributes.enabled,
    );
    if (integrations.length === 0) return;
    for (const event of events) {
      const observers = integrations.filter((i) => i.attributes.observes.includes(event.key));
      if (observers.length === 0) continue;
      const now = this.clock.now();
      const eventId = this.ids.uuid();
      // Stored as its JSON text, as the database stores it, so that later changes of the resource cannot reach it.
      this.state.integrationEvents.set(eventId, {
        id: eventId,
        storeId,
        key: event.key,
        payload: JSON.parse(JSON.stringify(event.payload(this.payloads))) as unknown,
        createdAt: now,
      });
      for (const integration of observers) {
        const id = this.ids.uuid();
        this.state.deliveries.set(id, {
          id,
          storeId,
          integrationId: integration.id,
          eventId,
          key: event.key,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          createdAt: now,
          updatedAt: now,
        });
      }
    }
  }
}
