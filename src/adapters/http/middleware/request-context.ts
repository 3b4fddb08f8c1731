import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Middleware } from 'koa';
import type { HttpState } from '../http-state.js';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Gives every request an id (the client's, when it sent a sane one) and writes one JSON log line for it. */
export const requestContext =
  (logger: Logger): Middleware<HttpState> =>
  async (ctx, next) => {
    const started = process.hrtime.bigint();
    const offered = ctx.get('X-Request-Id');
    ctx.state.requestId = SANE_REQUEST_ID.test(offered) ? offered : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } finally {
      logger.info({
        request_id: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
      }, 'request');
    }
  };
