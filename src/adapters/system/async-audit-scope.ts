import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditScope } from '../../application/ports/audit/audit-scope.js';
import { type AuditContext, SERVICE_CONTEXT } from '../../domain/audit/audit-event.js';

/**
 * The scope as Node carries it: every await of the work (and every change storage makes for it) sees the
 * context it was started with, whatever else runs at the same time.
 */
export const asyncAuditScope = (): AuditScope => {
  const contexts = new AsyncLocalStorage<AuditContext>();
  return {
    run: (context, work) => contexts.run(context, work),
    current: () => contexts.getStore() ?? SERVICE_CONTEXT,
  };
};
