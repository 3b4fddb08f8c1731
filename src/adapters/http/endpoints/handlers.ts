import type { RouterContext, RouterMiddleware } from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { type HttpState, principalOf, respondWithError } from '../http-state.js';
import { requestData } from '../request-body.js';

type Outcome<A> = Promise<E.Either<DomainError, A>>;

/** A request as a route sees it, with its path's parameters. */
type RouteRequest = RouterContext<HttpState>;

/** A use case run for one request, in the store of the caller's token. */
export type StoreRun<A> = (storeId: Uuid, ctx: RouteRequest) => Outcome<A>;

/** What a handler makes of a use case's value: the response body. */
export type AnswerBody<A> = (value: A, ctx: RouteRequest) => unknown;

const answering =
  (status: 200 | 201) =>
  <A>(run: StoreRun<A>, body: AnswerBody<A>): RouterMiddleware<HttpState> =>
  async (ctx) => {
    const done = await run(principalOf(ctx).storeId, ctx);
    if (E.isLeft(done)) return respondWithError(ctx, done.left);
    ctx.status = status;
    ctx.body = await body(done.right, ctx);
  };

/**
 * Runs a use case and answers a refusal as its error document, otherwise 200 with the body made of its
 * value. The handlers here are for guarded endpoints only: they read the caller's store.
 */
export const answer = answering(200);

/** `answer` with 201: what the use case made. */
export const created = answering(201);

/** Runs a use case and answers a refusal as its error document, otherwise 204 with no body. */
export const noContent =
  (run: StoreRun<unknown>): RouterMiddleware<HttpState> =>
  async (ctx) => {
    const done = await run(principalOf(ctx).storeId, ctx);
    if (E.isLeft(done)) return respondWithError(ctx, done.left);
    ctx.status = 204;
  };

/** A run over what `read` takes out of the request's body; a body it refuses is answered before the use case runs. */
export const withBody =
  <D, A>(
    read: (ctx: RouteRequest) => E.Either<DomainError, D>,
    run: (data: D, storeId: Uuid, ctx: RouteRequest) => Outcome<A>,
  ): StoreRun<A> =>
  async (storeId, ctx) => {
    const data = read(ctx);
    return E.isLeft(data) ? data : run(data.right, storeId, ctx);
  };

/** A run over the `data` object of the request's body, the write body of most operations. */
export const withData = <A>(
  run: (data: Readonly<Record<string, unknown>>, storeId: Uuid, ctx: RouteRequest) => Outcome<A>,
): StoreRun<A> => withBody(requestData, run);

/** The body of one resource, `{ "data": … }`, made of a use case's value (and the request, for what it asks of the rendering). */
export const inData =
  <A>(resource: (value: A, ctx: RouteRequest) => unknown): AnswerBody<A> =>
  (value, ctx) => ({ data: resource(value, ctx) });
