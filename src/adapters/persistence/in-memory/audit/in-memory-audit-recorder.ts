import type { AuditScope } from '../../../../application/ports/audit/audit-scope.js';
import type { Clock, IdGenerator } from '../../../../application/ports/system.js';
import { type AuditChange, type AuditEvent, createsResource } from '../../../../domain/audit/audit-event.js';
import { auditSnapshot } from '../../../../domain/audit/audit-snapshot.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';

/** The audit trail's writer in memory: events recorded in the same synchronous step as the change. */
export class InMemoryAuditRecorder {
  constructor(
    private readonly state: InMemoryState,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly scope: AuditScope,
  ) {}

  private latest(storeId: Uuid, change: AuditChange): AuditEvent | undefined {
    let found: AuditEvent | undefined;
    for (const event of this.state.auditEvents.values())
      if (
        event.storeId === storeId &&
        event.resource.id === change.resource.id &&
        event.resource.type === change.resource.type &&
        (found === undefined || event.sequence > found.sequence)
      )
        found = event;
    return found;
  }

  record(storeId: Uuid, changes: readonly AuditChange[]): void {
    const { actor, address, requestId } = this.scope.current();
    const now = this.clock.now();
    for (const change of changes) {
      const latest = this.latest(storeId, change);
      const before =
        change.before !== undefined
          ? auditSnapshot(change.before)
          : createsResource(change.action)
            ? null
            : (latest?.after ?? null);
      const id = this.ids.uuid();
      this.state.auditEvents.set(id, {
        id,
        storeId,
        occurredAt: now,
        actor,
        address,
        action: change.action,
        resource: change.resource,
        sequence: (latest?.sequence ?? 0) + 1,
        before,
        after: auditSnapshot(change.after),
        requestId,
      });
    }
  }
}
