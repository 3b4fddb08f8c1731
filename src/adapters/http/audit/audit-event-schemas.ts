import { AUDIT_ACTOR_KINDS } from '../../../domain/audit/audit-event.js';
import type { Schema } from '../openapi/openapi-types.js';
import {
  closedObject,
  constant,
  integer,
  nullable,
  oneOfStrings,
  text,
  timestamp,
  uri,
  uuid,
} from '../openapi/schema-builders.js';
import { AUDIT_EVENT_TYPE } from './audit-event-documents.js';

export const TAG = 'Audit events';

export const EXTENSION =
  "An extension: EPCC has no audit trail. Shaped after Stripe's and Lago's audit logs; see docs/audit.md.";

const snapshot: Schema = {
  description:
    'The resource as its GET showed it (as stored, for a resource without a GET of its own), secrets shown as "[redacted]"; null before a create and after a delete.',
};

const auditEvent = closedObject({
  id: uuid,
  type: constant(AUDIT_EVENT_TYPE),
  occurred_at: timestamp,
  actor: closedObject(
    {
      kind: oneOfStrings(
        AUDIT_ACTOR_KINDS,
        "An application key, a merchant user, or the service's own background work.",
      ),
      id: text(1, 64, "The key's or the person's id, or the name of the work (`billing-run`, `service`)."),
      name: text(1, 255, "The person's name, when known."),
    },
    ['name'],
  ),
  address: nullable(text(1, 64, 'The client address of the request; null for background work.')),
  action: text(1, 64, 'What was done, as `<resource>.<change>`: `subscription.canceled`, `application-key.created`.'),
  resource: closedObject({ type: text(1, 64), id: text(0, 64) }),
  sequence: integer(1, undefined, "The change's place among its resource's recorded changes."),
  before: snapshot,
  after: snapshot,
  request_id: nullable(text(1, 128, 'The `X-Request-Id` of the request that made the change.')),
  links: closedObject({ self: uri }),
});

export const AUDIT_EVENT_SCHEMAS = { AuditEvent: auditEvent };

export const NOT_FOUND = 'No audit event of this store has this id.';
