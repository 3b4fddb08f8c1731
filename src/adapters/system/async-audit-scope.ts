import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditScope } from '../../application/ports/audit/audit-scope.js';
import { type AuditContext, SERVICE_CONTEXT } from '../../domain/audit/audit-event.js';

/** A scope's context, in front of whatever scope (of this core or another) the work was started inside. */
interface ScopeFrame {
  readonly scope: object;
  readonly context: AuditContext;
  readonly outer: ScopeFrame | undefined;
}

/**
 * One storage for every scope of the process. Node keeps each AsyncLocalStorage that ever ran in a list for good
 * and visits all of them at every promise made anywhere in the process: with a storage per scope, a process that
 * opens many cores (a host with a core per tenant, a test suite) made each promise pay for every core it ever
 * opened, and kept them all in memory.
 */
const frames = new AsyncLocalStorage<ScopeFrame>();

/**
 * The scope as Node carries it: every await of the work (and every change storage makes for it) sees the
 * context it was started with, whatever else runs at the same time.
 */
export const asyncAuditScope = (): AuditScope => {
  const scope = {};
  return {
    run: (context, work) => frames.run({ scope, context, outer: frames.getStore() }, work),
    current: () => {
      for (let frame = frames.getStore(); frame !== undefined; frame = frame.outer)
        if (frame.scope === scope) return frame.context;
      return SERVICE_CONTEXT;
    },
  };
};
