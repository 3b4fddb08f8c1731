import type { AuditEvent } from '../../../domain/audit/audit-event.js';
import type { AuditEventQuery } from '../../../domain/audit/audit-event-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/**
 * The store's audit trail, as it is read and kept. Nothing here writes an event: storage records each
 * change's event in the change's own transaction (see docs/audit.md), so the trail cannot miss a change
 * that committed nor keep one that rolled back.
 */
export interface AuditTrail {
  /** One page of the store's events, newest first, matching every condition of the query. */
  list(storeId: Uuid, query: AuditEventQuery): Promise<Page<AuditEvent>>;
  findById(storeId: Uuid, id: Uuid): Promise<AuditEvent | undefined>;
  /** Deletes every store's events that occurred before `before`; answers how many went. */
  purgeBefore(before: Date): Promise<number>;
}
