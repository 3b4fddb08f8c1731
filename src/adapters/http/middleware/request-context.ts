import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { withRequestId } from '../error-documents.js';
import type { HttpState } from '../http-state.js';

/** A client's `X-Request-Id` that is echoed back and logged as is. */
export const REQUEST_ID_MAX = 128;
export const SANE_REQUEST_ID = new RegExp(`^[A-Za-z0-9._:-]{1,${REQUEST_ID_MAX}}$`);

/**
 * Gives every request an id (the client's, when it sent a sane one), puts it in every error object the
 * answer carries, and writes one JSON log line for it.
 */
export const requestContext =
  (logger: Logger): Middleware<HttpState> =>
  async (ctx, next) => {
    const started = process.hrtime.bigint();
    const offered = ctx.get('X-Request-Id');
    ctx.state.requestId = SANE_REQUEST_ID.test(offered) ? offered : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
      const stamped = withRequestId(ctx.body, ctx.state.requestId);
      if (stamped !== ctx.body) ctx.body = stamped;
    } finally {
      logger.info(
        {
          request_id: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    }
  };
