import type { ServiceIdentifier } from 'inversify';
import type { AuditScope } from './ports/audit/audit-scope.js';
import type { AuditTrail } from './ports/audit/audit-trail.js';

/** The ports of the audit trail, beside the core's TOKENS. */
export const AUDIT_TOKENS = {
  AuditTrail: Symbol.for('commerce-core.AuditTrail') as ServiceIdentifier<AuditTrail>,
  AuditScope: Symbol.for('commerce-core.AuditScope') as ServiceIdentifier<AuditScope>,
  /** How many days the trail keeps an event (`AUDIT_RETENTION_DAYS`); 0 keeps every event. */
  AuditRetentionDays: Symbol.for('commerce-core.AuditRetentionDays') as ServiceIdentifier<number>,
} as const;
