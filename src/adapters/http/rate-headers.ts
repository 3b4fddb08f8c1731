import type { RateDecision } from '../../application/use-cases/rate-limits/admit-request.js';
import { errorDocument } from './error-documents.js';
import type { HttpContext } from './http-state.js';

/**
 * The X-RateLimit-* headers every counted request carries, and for a refused one the 429 with its
 * `Retry-After`. Says whether the request may go on.
 */
export const applyRate = (ctx: HttpContext, decision: RateDecision): boolean => {
  ctx.set('X-RateLimit-Limit', String(decision.limit));
  ctx.set('X-RateLimit-Remaining', String(decision.remaining));
  ctx.set('X-RateLimit-Reset', String(decision.resetSeconds));
  if (decision.admitted) return true;
  ctx.status = 429;
  ctx.set('Retry-After', String(decision.retryAfterSeconds));
  ctx.body = errorDocument(
    429,
    `the request rate of this application key is over its limit of ${decision.limit} requests per second; retry after ${decision.retryAfterSeconds} s`,
  );
  return false;
};
