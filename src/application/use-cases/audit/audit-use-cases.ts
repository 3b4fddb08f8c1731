// The use cases of the audit trail, by the names the library exports them under: audit-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).

export { GetAuditEvent } from './get-audit-event.js';
export { ListAuditEvents } from './list-audit-events.js';
export { PurgeAuditEvents } from './purge-audit-events.js';
