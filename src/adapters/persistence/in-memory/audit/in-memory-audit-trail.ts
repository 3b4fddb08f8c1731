import { inject, injectable } from 'inversify';
import type { AuditTrail } from '../../../../application/ports/audit/audit-trail.js';
import type { AuditEvent } from '../../../../domain/audit/audit-event.js';
import type { AuditEventFilterField, AuditEventQuery } from '../../../../domain/audit/audit-event-query.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { type ListedFields, listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import { latestAuditKey } from './in-memory-audit-recorder.js';

const AUDIT_EVENT_FIELDS: ListedFields<AuditEvent, AuditEventFilterField> = {
  fields: {
    actor_kind: (e) => e.actor.kind,
    actor_id: (e) => e.actor.id,
    action: (e) => e.action,
    resource_type: (e) => e.resource.type,
    resource_id: (e) => e.resource.id,
    occurred_at: (e) => e.occurredAt.toISOString(),
  },
  ordered: (e) => ({ createdAt: e.occurredAt, id: e.id }),
  keepsRunningCount: false,
};

@injectable()
export class InMemoryAuditTrail implements AuditTrail {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async list(storeId: Uuid, query: AuditEventQuery): Promise<Page<AuditEvent>> {
    const ofStore = [...this.state.auditEvents.values()].filter((e) => e.storeId === storeId);
    return listOf(ofStore, query, AUDIT_EVENT_FIELDS);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<AuditEvent | undefined> {
    const found = this.state.auditEvents.get(id);
    return found?.storeId === storeId ? found : undefined;
  }

  async purgeBefore(before: Date): Promise<number> {
    let purged = 0;
    for (const [id, event] of this.state.auditEvents)
      if (event.occurredAt < before) {
        this.state.auditEvents.delete(id);
        // A purged latest event takes its whole chain with it (the older ones are older still).
        const key = latestAuditKey(event.storeId, event.resource);
        if (this.state.latestAuditEvents.get(key)?.id === id) this.state.latestAuditEvents.delete(key);
        purged += 1;
      }
    return purged;
  }
}
