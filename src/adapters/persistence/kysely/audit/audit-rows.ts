import type { Selectable } from 'kysely';
import type { AuditActor, AuditEvent } from '../../../../domain/audit/audit-event.js';
import type { AuditEventsTable } from '../engine/schema.js';
import { parseJson, storedDate, storedUuid } from '../sql/stored-json.js';

const actorOf = (row: Selectable<AuditEventsTable>): AuditActor => {
  const kind = row.actor_kind;
  if (kind !== 'key' && kind !== 'user' && kind !== 'system') throw new Error(`stored actor kind ${kind} is unknown`);
  return row.actor_name === null ? { kind, id: row.actor_id } : { kind, id: row.actor_id, name: row.actor_name };
};

export const auditEventFromRow = (row: Selectable<AuditEventsTable>): AuditEvent => ({
  id: storedUuid('audit event id', row.id),
  storeId: storedUuid('audit event store', row.store_id),
  occurredAt: storedDate('audit event time', row.created_at),
  actor: actorOf(row),
  address: row.address,
  action: row.action,
  resource: { type: row.resource_type, id: row.resource_id },
  before: row.before_json === null ? null : parseJson('audit before', row.before_json),
  after: row.after_json === null ? null : parseJson('audit after', row.after_json),
  requestId: row.request_id,
  sequence: row.resource_seq,
});
