import { createHash } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { WriteLedger } from '../../../application/ports/write-ledger.js';
import type { IdempotentRequests } from '../../../application/use-cases/idempotency/idempotent-requests.js';
import { IDEMPOTENCY_KEY_HEADER, parseIdempotencyKey } from '../../../domain/idempotency/idempotency.js';
import { validationFailed } from '../../../domain/shared/errors.js';
import { ERROR_CODE_MEANINGS, errorDocument } from '../error-documents.js';
import { type HttpState, principalOf, respondWithError } from '../http-state.js';
import { storableBody } from '../shown-once.js';

export const REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * What makes two requests the same request: method, path, query and the parsed body, and for a shopper
 * its account, so that a shopper never replays the answer another account's request got.
 */
const fingerprintOf = (method: string, path: string, query: string, body: unknown, account: string): string =>
  createHash('sha256')
    .update(`${method} ${path}?${query}\n${JSON.stringify(body ?? null)}${account === '' ? '' : `\n${account}`}`)
    .digest('hex');

/** The response as it will be replayed: a 204 has no body; every other body is a JSON document. */
const bodyText = (body: unknown): string =>
  body === undefined || body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body);

/** How soon a client may retry a key whose first request is still running: requests take milliseconds. */
const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;

/** Each refusal's status and code; its detail is the code's meaning, as the error code table states it. */
const refusals = {
  'in-flight': { status: 409, code: 'idempotency_key_in_flight' },
  mismatch: { status: 422, code: 'idempotency_key_reused' },
  applied: { status: 409, code: 'idempotency_key_applied' },
} as const;

/**
 * `Idempotency-Key` on a POST, with Stripe's semantics: the first response to a key is kept (in the
 * database, for 24 hours) and replayed to every retry of the same request; a retry while the first is
 * still running is a 409 with `Retry-After`; the key reused for another request (method, path, query or
 * body) is a 422. Runs after authentication: keys belong to the caller's store.
 *
 * The key follows the request's outcome: one that stored nothing (a 5xx, a 429, a thrown error before any
 * commit) releases the key at once, so that a retry runs it; one whose outcome is unknown (its commit went
 * unanswered) keeps the key without a response until its lease runs out, and the key's `applied` mark,
 * written in the change's own transaction, then tells the retry whether it was stored.
 */
export const idempotent =
  (
    requests: Pick<IdempotentRequests, 'begin' | 'hold' | 'finish' | 'settle' | 'releaseSoon'>,
    logger: Logger,
    /** Whether the request committed something (or may have): such a request never gives its key back. */
    writes: Pick<WriteLedger, 'committedSoFar'>,
  ): Middleware<HttpState> =>
  async (ctx, next) => {
    if (ctx.method !== 'POST') return next();
    const key = parseIdempotencyKey(ctx.get(IDEMPOTENCY_KEY_HEADER) || undefined);
    if (E.isLeft(key)) return respondWithError(ctx, validationFailed(key.left));
    if (key.right === undefined) return next();
    // The path as the client sent it: `/generations/2025/...` and the un-prefixed path are different
    // requests, answered by different generations, so one key never replays the other's answer.
    const sentPath = `${ctx.state.pathPrefix ?? ''}${ctx.path}`;
    const account = principalOf(ctx).shopper?.accountId ?? '';
    const fingerprint = fingerprintOf(ctx.method, sentPath, ctx.querystring, ctx.request.body, account);
    const begun = await requests.begin(principalOf(ctx).storeId, key.right, fingerprint);
    if (E.isLeft(begun)) {
      const refusal = begun.left;
      if (refusal.kind === 'replay') {
        ctx.status = refusal.response.status;
        ctx.set(REPLAYED_HEADER, 'true');
        if (refusal.response.body !== '') {
          ctx.type = 'application/json';
          // A replayed error names this request's id, as every error does; a success is replayed byte for byte.
          ctx.body =
            refusal.response.status >= 400 ? (JSON.parse(refusal.response.body) as unknown) : refusal.response.body;
        }
        return;
      }
      const { status, code } = refusals[refusal.kind];
      ctx.status = status;
      ctx.body = errorDocument(status, ERROR_CODE_MEANINGS[code], code, IDEMPOTENCY_KEY_HEADER);
      if (refusal.kind === 'in-flight') ctx.set('Retry-After', String(IN_FLIGHT_RETRY_AFTER_SECONDS));
      // From now on every retry is answered the same, by replay.
      if (refusal.kind === 'applied') await requests.settle(refusal.ticket, { status, body: bodyText(ctx.body) });
      return;
    }
    const ticket = begun.right;
    const letGo = requests.hold(ticket);
    try {
      await next();
    } catch (error) {
      letGo();
      // The error boundary answers it; a claim whose request stored nothing is given back for the retry.
      if (!writes.committedSoFar()) requests.releaseSoon(ticket);
      throw error;
    }
    letGo();
    try {
      // A secret shown once is not kept for replay (see shown-once.ts).
      await requests.finish(ticket, { status: ctx.status, body: bodyText(storableBody(ctx)) }, writes.committedSoFar());
    } catch (error) {
      // The request's own answer stands: what it stored is stored. The key keeps its claim, and its lease and
      // `applied` mark settle a retry.
      logger.warn(
        { request_id: ctx.state.requestId, err: error },
        'the answer to an idempotent request could not be kept for replay',
      );
    }
  };
