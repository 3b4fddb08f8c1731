import type { AuditEvent } from '../../../domain/audit/audit-event.js';
import { formatTimestamp } from '../timestamps.js';

export const AUDIT_EVENTS_PATH = '/v2/audit-events';
export const AUDIT_EVENT_TYPE = 'audit_event';

/**
 * An audit event, shaped as Stripe's and Lago's audit logs show one: who (the actor, with the person's name
 * when known), when, from where, what (the action and the resource, as its GET showed it before and after).
 */
export const auditEventResource = (event: AuditEvent, origin: string) => ({
  id: event.id,
  type: AUDIT_EVENT_TYPE,
  occurred_at: formatTimestamp(event.occurredAt),
  actor: {
    kind: event.actor.kind,
    id: event.actor.id,
    ...(event.actor.name === undefined ? {} : { name: event.actor.name }),
  },
  address: event.address,
  action: event.action,
  resource: { type: event.resource.type, id: event.resource.id },
  sequence: event.sequence,
  before: event.before,
  after: event.after,
  request_id: event.requestId,
  links: { self: `${origin}${AUDIT_EVENTS_PATH}/${event.id}` },
});
