import { auditedEvent } from '../../../../application/ports/audit/audited-events.js';
import {
  type ChangeEvent,
  changePayload,
  type ObservedPayloads,
} from '../../../../application/ports/integrations/observed-payloads.js';
import type { Clock, IdGenerator } from '../../../../application/ports/system.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryAuditRecorder } from '../audit/in-memory-audit-recorder.js';
import type { InMemoryState } from '../in-memory-state.js';

/** The outbox in memory: events, their audit events and their jobs recorded in the same synchronous step as the change. */
export class InMemoryOutbox {
  constructor(
    private readonly state: InMemoryState,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly payloads: ObservedPayloads,
    private readonly audit: InMemoryAuditRecorder,
  ) {}

  record(storeId: Uuid, events: readonly ChangeEvent[]): void {
    this.audit.record(
      storeId,
      events.map((event) => auditedEvent(this.payloads, event)),
    );
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
        payload: JSON.parse(JSON.stringify(changePayload(this.payloads, event))) as unknown,
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
