import type { Middleware } from 'koa';
import type { AuditScope } from '../../../application/ports/audit/audit-scope.js';
import { auditActorOf } from '../../../domain/audit/audit-event.js';
import type { HttpContext, HttpState } from '../http-state.js';

/**
 * Runs an admitted request in the audit scope of its caller: whatever it changes is recorded as done by
 * the principal's actor, from the client's address, under the request's id.
 */
export const inAuditScope =
  (scope: AuditScope, addressOf: (ctx: HttpContext) => string | undefined): Middleware<HttpState> =>
  (ctx, next) => {
    const principal = ctx.state.principal;
    if (principal === undefined) return next();
    const context = {
      actor: auditActorOf(principal.actor),
      address: addressOf(ctx) ?? null,
      requestId: ctx.state.requestId,
    };
    return scope.run(context, next);
  };
