import type { Logger } from 'pino';
import type { Middleware } from 'koa';
import { errorDocument, titleOf } from '../error-documents.js';
import type { HttpState } from '../http-state.js';

const statusOfThrown = (error: unknown): number => {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
};

/**
 * Turns everything thrown below into an error document. A thrown client error (Koa's, the router's)
 * keeps its status; the body's failures are answered where it is parsed, with their own details.
 * Anything else is a generic 500 whose log line carries the stack and the request id.
 */
export const errorBoundary =
  (logger: Logger): Middleware<HttpState> =>
  async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const status = statusOfThrown(error);
      if (status < 500) {
        ctx.status = status;
        ctx.body = errorDocument(status);
        return;
      }
      logger.error({ request_id: ctx.state.requestId, err: error }, 'unexpected error');
      ctx.status = 500;
      ctx.body = {
        errors: [{ status: '500', title: titleOf(500), detail: 'there was a problem processing your request', request_id: ctx.state.requestId }],
      };
    }
  };
