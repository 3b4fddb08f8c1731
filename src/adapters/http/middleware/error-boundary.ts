import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { isStorageOutcomeUnknown, isStorageUnavailable } from '../../../application/ports/storage-unavailable.js';
import type { WriteLedger } from '../../../application/ports/write-ledger.js';
import { errorDocument } from '../error-documents.js';
import type { HttpState } from '../http-state.js';

const statusOfThrown = (error: unknown): number => {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
};

/** Long enough for a restarting database or a failover, short enough that a retrying client notices recovery. */
const RETRY_AFTER_SECONDS = 2;

/**
 * Turns everything thrown below into an error document. A thrown client error (Koa's, the router's)
 * keeps its status; the body's failures are answered where it is parsed, with their own details.
 * Storage that cannot be reached is a 503 with `Retry-After`, which promises that nothing was stored: the
 * request runs with a write ledger, and a request that committed something before the fault (or whose
 * commit went unanswered) is a 504 `outcome_unknown` instead.
 * Anything else is a generic 500 whose log line carries the stack and the request id.
 */
export const errorBoundary =
  (logger: Logger, writes: WriteLedger): Middleware<HttpState> =>
  (ctx, next) =>
    writes.run(async (ledger) => {
      try {
        await next();
      } catch (error) {
        if (isStorageOutcomeUnknown(error) || (isStorageUnavailable(error) && ledger.committed)) {
          logger.warn(
            { request_id: ctx.state.requestId, reason: error.reason },
            'answered 504: the database stopped answering after the request may have stored its change',
          );
          ctx.status = 504;
          ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
          ctx.body = errorDocument(
            504,
            'the database stopped answering while the change was being stored; whether it was stored is not known; retry with the same Idempotency-Key to find out',
            'outcome_unknown',
          );
          return;
        }
        if (isStorageUnavailable(error)) {
          // The outage itself is logged once where it is seen, at the database; each refusal is only a debug line.
          logger.debug(
            { request_id: ctx.state.requestId, reason: error.reason },
            'answered 503: the database is unavailable',
          );
          ctx.status = 503;
          ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
          ctx.body = errorDocument(503, 'the database is unavailable; retry shortly', 'database_unavailable');
          return;
        }
        const status = statusOfThrown(error);
        if (status < 500) {
          ctx.status = status;
          ctx.body = errorDocument(status);
          return;
        }
        logger.error({ request_id: ctx.state.requestId, err: error }, 'unexpected error');
        ctx.status = 500;
        ctx.body = errorDocument(500, 'there was a problem processing your request', 'internal_error');
      }
    });
