import { inject, injectable } from 'inversify';
import type { AuditTrail } from '../../../../application/ports/audit/audit-trail.js';
import type { AuditEvent } from '../../../../domain/audit/audit-event.js';
import type { AuditEventFilterField, AuditEventQuery } from '../../../../domain/audit/audit-event-query.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { toNumber } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { cappedCount, type FilterColumn, matching, pageNewestFirst } from '../sql/kysely-list.js';
import { auditEventFromRow } from './audit-rows.js';

const AUDIT_EVENT_COLUMNS: Readonly<Record<AuditEventFilterField, FilterColumn>> = {
  actor_kind: { column: 'actor_kind' },
  actor_id: { column: 'actor_id' },
  action: { column: 'action' },
  resource_type: { column: 'resource_type' },
  resource_id: { column: 'resource_id' },
  occurred_at: { column: 'created_at', value: (text) => new Date(text) },
};

@injectable()
export class KyselyAuditTrail implements AuditTrail {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  async list(storeId: Uuid, query: AuditEventQuery): Promise<Page<AuditEvent>> {
    const filtered = this.handle.db
      .selectFrom('audit_events')
      .where('store_id', '=', storeId)
      .where(matching(query.filter, AUDIT_EVENT_COLUMNS));
    const [rows, total] = await Promise.all([
      pageNewestFirst(filtered.selectAll(), query.page).execute(),
      cappedCount(this.handle.db, filtered),
    ]);
    return pageOf(rows.map(auditEventFromRow), query.page, total, 'capped');
  }

  async findById(storeId: Uuid, id: Uuid): Promise<AuditEvent | undefined> {
    const row = await this.handle.db
      .selectFrom('audit_events')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : auditEventFromRow(row);
  }

  async purgeBefore(before: Date): Promise<number> {
    const result = await this.handle.db.deleteFrom('audit_events').where('created_at', '<', before).executeTakeFirst();
    return toNumber(result.numDeletedRows);
  }
}
