import type { AuditContext } from '../../../domain/audit/audit-event.js';

/**
 * Who the changes made by a piece of work act for: the HTTP adapter runs each authenticated request in
 * the scope of its actor, address and request id, and background work in its own; storage reads the scope
 * when it records a change. Outside any scope a change is the service's own.
 */
export interface AuditScope {
  run<A>(context: AuditContext, work: () => Promise<A>): Promise<A>;
  current(): AuditContext;
}
