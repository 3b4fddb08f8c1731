import type { Logger } from 'pino';
import type { Middleware } from 'koa';
import { errorDocument, titleOf } from '../error-documents.js';
import type { HttpState } from '../http-state.js';

/** Client errors raised by Koa, the router and the body parser, each answered with a fixed message. */
const CLIENT_ERROR_DETAILS: Readonly<Record<number, string>> = {
  400: 'the request body is not valid JSON',
  413: 'the request body is larger than 1 MiB',
  415: 'the request body must be application/json',
};

const statusOfThrown = (error: unknown): number => {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
};

/**
 * Turns everything thrown below into an error document. Known client errors keep their status with a
 * fixed detail; anything else is a generic 500 whose log line carries the stack and the request id.
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
        ctx.body = errorDocument(status, CLIENT_ERROR_DETAILS[status] ?? titleOf(status));
        return;
      }
      logger.error({ request_id: ctx.state.requestId, err: error }, 'unexpected error');
      ctx.status = 500;
      ctx.body = {
        errors: [{ status: '500', title: titleOf(500), detail: 'there was a problem processing your request', request_id: ctx.state.requestId }],
      };
    }
  };
