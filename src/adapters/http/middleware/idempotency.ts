import { createHash } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import type { Middleware } from 'koa';
import type { IdempotentRequests } from '../../../application/use-cases/idempotent-requests.js';
import { IDEMPOTENCY_KEY_HEADER, parseIdempotencyKey } from '../../../domain/idempotency/idempotency.js';
import { validationFailed } from '../../../domain/shared/errors.js';
import { errorDocument } from '../error-documents.js';
import { principalOf, respondWithError, type HttpState } from '../http-state.js';
import { storableBody } from '../shown-once.js';

export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** What makes two requests the same request: method, path, query and the parsed body. */
const fingerprintOf = (method: string, path: string, query: string, body: unknown): string =>
  createHash('sha256').update(`${method} ${path}?${query}\n${JSON.stringify(body ?? null)}`).digest('hex');

/** The response as it will be replayed: a 204 has no body; every other body is a JSON document. */
const bodyText = (body: unknown): string => (body === undefined || body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body));

/**
 * `Idempotency-Key` on a POST, with Stripe's semantics: the first response to a key is kept (in the
 * database, for 24 hours) and replayed to every retry of the same request; a retry while the first is
 * still running is a 409; the key reused for another request (method, path, query or body) is a 422. A
 * 5xx or 429 releases the key, so that a retry runs the request. Runs after authentication: keys belong
 * to the caller's store.
 */
export const idempotent =
  (requests: Pick<IdempotentRequests, 'begin' | 'finish' | 'release'>): Middleware<HttpState> =>
  async (ctx, next) => {
    if (ctx.method !== 'POST') return next();
    const key = parseIdempotencyKey(ctx.get(IDEMPOTENCY_KEY_HEADER) || undefined);
    if (E.isLeft(key)) return respondWithError(ctx, validationFailed(key.left));
    if (key.right === undefined) return next();
    const fingerprint = fingerprintOf(ctx.method, ctx.path, ctx.querystring, ctx.request.body);
    const begun = await requests.begin(principalOf(ctx).storeId, key.right, fingerprint);
    if (E.isLeft(begun)) {
      const refusal = begun.left;
      if (refusal.kind === 'replay') {
        ctx.status = refusal.response.status;
        ctx.set(REPLAYED_HEADER, 'true');
        if (refusal.response.body !== '') {
          ctx.type = 'application/json';
          // A replayed error names this request's id, as every error does; a success is replayed byte for byte.
          ctx.body = refusal.response.status >= 400 ? (JSON.parse(refusal.response.body) as unknown) : refusal.response.body;
        }
        return;
      }
      ctx.status = refusal.kind === 'in-flight' ? 409 : 422;
      ctx.body = errorDocument(
        ctx.status,
        refusal.kind === 'in-flight'
          ? 'a request with this Idempotency-Key is still being processed; retry it later'
          : 'this Idempotency-Key was used for a different request (method, path, query or body)',
        refusal.kind === 'in-flight' ? 'idempotency_key_in_flight' : 'idempotency_key_reused',
        IDEMPOTENCY_KEY_HEADER,
      );
      return;
    }
    try {
      await next();
    } catch (error) {
      // The error boundary answers it; the key must not keep a claim no response will complete.
      await requests.release(begun.right).catch(() => undefined);
      throw error;
    }
    await requests.finish(begun.right, { status: ctx.status, body: bodyText(storableBody(ctx)) });
  };
