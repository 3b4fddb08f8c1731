import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Access } from '../../../domain/auth/grant.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { idParam, principalOf, queryOf, respondWithError, type HttpContext, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import { listDocument } from './list-response.js';
import type { RouteContext } from './route-context.js';
import { bothPrefixes } from '../subscriptions/route-prefixes.js';

type Result<A> = Promise<E.Either<DomainError, A>>;

/** The five use cases of one kind of record a store keeps, as its routes call them. */
export interface RecordUseCases<A> {
  readonly create: { execute(storeId: Uuid, data: unknown): Result<A> };
  readonly list: { execute(storeId: Uuid, params: QueryParams): Result<Page<A>> };
  readonly get: { execute(storeId: Uuid, id: string): Result<A> };
  readonly update: { execute(storeId: Uuid, id: string, data: unknown): Result<A> };
  readonly remove: { execute(storeId: Uuid, id: string): Result<void> };
}

/**
 * `POST` and `GET` on a subscriptions collection, `GET`, `PUT` and `DELETE` on its items, under the
 * access the resource declares for its reads and for its writes.
 */
/** Subscriptions, subscribers, billing policies, schedules: personal or billing data. */
export const BILLING_ACCESS = { read: 'read', write: 'write' } as const;
/** Products and plans: anyone with a client id reads them; editing them is its own right. */
export const CATALOGUE_ACCESS = { read: 'catalogue', write: 'edit-catalogue' } as const;

export const recordRoutes = <A>(
  router: Router<HttpState>,
  { guard, links }: RouteContext,
  collection: string,
  access: { readonly read: Access; readonly write: Access },
  { create, list, get, update, remove }: RecordUseCases<A>,
  resource: (item: A, ctx: HttpContext) => unknown,
): void => {
  const item = `${collection}/:id`;
  router
    .post(bothPrefixes(collection), guard(access.write), async (ctx) => {
      const data = requestData(ctx);
      const created = E.isLeft(data) ? data : await create.execute(principalOf(ctx).storeId, data.right);
      if (E.isLeft(created)) return respondWithError(ctx, created.left);
      ctx.status = 201;
      ctx.body = { data: resource(created.right, ctx) };
    })
    .get(bothPrefixes(collection), guard(access.read), async (ctx) => {
      const found = await list.execute(principalOf(ctx).storeId, queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = listDocument(ctx, links, found.right, (record) => resource(record, ctx));
    })
    .get(bothPrefixes(item), guard(access.read), async (ctx) => {
      const found = await get.execute(principalOf(ctx).storeId, idParam(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = { data: resource(found.right, ctx) };
    })
    .put(bothPrefixes(item), guard(access.write), async (ctx) => {
      const data = requestData(ctx);
      const updated = E.isLeft(data) ? data : await update.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
      if (E.isLeft(updated)) return respondWithError(ctx, updated.left);
      ctx.body = { data: resource(updated.right, ctx) };
    })
    .delete(bothPrefixes(item), guard(access.write), async (ctx) => {
      const deleted = await remove.execute(principalOf(ctx).storeId, idParam(ctx));
      if (E.isLeft(deleted)) return respondWithError(ctx, deleted.left);
      ctx.status = 204;
    });
};
