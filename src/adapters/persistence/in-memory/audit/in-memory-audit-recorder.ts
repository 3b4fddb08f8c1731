import type { AuditScope } from '../../../../application/ports/audit/audit-scope.js';
import type { Clock, IdGenerator } from '../../../../application/ports/system.js';
import {
  type AuditChange,
  type AuditEvent,
  type AuditResource,
  createsResource,
} from '../../../../domain/audit/audit-event.js';
import { auditSnapshot } from '../../../../domain/audit/audit-snapshot.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';

/** The chain index's key of a resource of a store. */
export const latestAuditKey = (storeId: Uuid, resource: AuditResource): string =>
  `${storeId}\u0000${resource.type}\u0000${resource.id}`;

/** The audit trail's writer in memory: events recorded in the same synchronous step as the change. */
export class InMemoryAuditRecorder {
  constructor(
    private readonly state: InMemoryState,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly scope: AuditScope,
  ) {}

  record(storeId: Uuid, changes: readonly AuditChange[]): void {
    const { actor, address, requestId } = this.scope.current();
    const now = this.clock.now();
    for (const change of changes) {
      const key = latestAuditKey(storeId, change.resource);
      const latest = this.state.latestAuditEvents.get(key);
      const before =
        change.before !== undefined
          ? auditSnapshot(change.before)
          : createsResource(change.action)
            ? null
            : (latest?.after ?? null);
      const id = this.ids.uuid();
      const event: AuditEvent = {
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
      };
      this.state.auditEvents.set(id, event);
      this.state.latestAuditEvents.set(key, event);
    }
  }
}
