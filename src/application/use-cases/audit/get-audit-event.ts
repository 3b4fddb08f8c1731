import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { AuditEvent } from '../../../domain/audit/audit-event.js';
import { notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { AUDIT_TOKENS } from '../../audit-tokens.js';
import type { AuditTrail } from '../../ports/audit/audit-trail.js';
import { AUDIT_EVENT_NOT_FOUND, type Result } from './audit.js';

@injectable()
export class GetAuditEvent {
  constructor(@inject(AUDIT_TOKENS.AuditTrail) private readonly trail: AuditTrail) {}

  async execute(storeId: Uuid, id: string): Result<AuditEvent> {
    const eventId = parseUuid(id);
    const found = eventId === undefined ? undefined : await this.trail.findById(storeId, eventId);
    return found === undefined ? E.left(notFound(AUDIT_EVENT_NOT_FOUND)) : E.right(found);
  }
}
