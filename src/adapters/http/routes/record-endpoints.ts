import * as E from 'fp-ts/lib/Either.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { type Endpoint, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { type HttpContext, idParam, principalOf, queryOf, respondWithError } from '../http-state.js';
import type { OperationSpec } from '../openapi/operation-builder.js';
import { ID_PARAMETER } from '../openapi/operation-builder.js';
import { requestData } from '../request-body.js';
import { listDocument } from './list-response.js';

type Result<A> = Promise<E.Either<DomainError, A>>;

/** The five use cases of one kind of record a store keeps, as its endpoints call them. */
export interface RecordUseCases<A> {
  readonly create: { execute(storeId: Uuid, data: unknown): Result<A> };
  readonly list: { execute(storeId: Uuid, params: QueryParams): Result<Page<A>> };
  readonly get: { execute(storeId: Uuid, id: string): Result<A> };
  readonly update: { execute(storeId: Uuid, id: string, data: unknown): Result<A> };
  readonly remove: { execute(storeId: Uuid, id: string): Result<void> };
}

/** The operations of a subscriptions collection (`POST`, `GET`) and of its items (`GET`, `PUT`, `DELETE`). */
export interface RecordOperations {
  /** Without `/v2`: it is served with and without it. */
  readonly collection: string;
  readonly create: OperationSpec;
  readonly list: OperationSpec;
  readonly get: OperationSpec;
  readonly update: OperationSpec;
  readonly remove: OperationSpec;
}

/**
 * The five endpoints of a kind of record, each guarded by the access its operation declares (reads and
 * writes of billing data need a client-credentials token; the catalogue is readable by storefronts).
 */
export const recordEndpoints = <U, A>(
  operations: RecordOperations,
  useCasesOf: (useCases: U) => RecordUseCases<A>,
  resource: (item: A, ctx: HttpContext) => unknown,
): Endpoint<U>[] => {
  const collection = withAndWithoutV2(operations.collection);
  const item = { ...withAndWithoutV2(`${operations.collection}/{id}`), pathParameters: [ID_PARAMETER] };
  return [
    {
      method: 'post',
      ...collection,
      spec: operations.create,
      handle: (useCases) => async (ctx) => {
        const data = requestData(ctx);
        const created = E.isLeft(data)
          ? data
          : await useCasesOf(useCases).create.execute(principalOf(ctx).storeId, data.right);
        if (E.isLeft(created)) return respondWithError(ctx, created.left);
        ctx.status = 201;
        ctx.body = { data: resource(created.right, ctx) };
      },
    },
    {
      method: 'get',
      ...collection,
      spec: operations.list,
      handle:
        (useCases, { links }) =>
        async (ctx) => {
          const found = await useCasesOf(useCases).list.execute(principalOf(ctx).storeId, queryOf(ctx));
          if (E.isLeft(found)) return respondWithError(ctx, found.left);
          ctx.body = listDocument(ctx, links, found.right, (record) => resource(record, ctx));
        },
    },
    {
      method: 'get',
      ...item,
      spec: operations.get,
      handle: (useCases) => async (ctx) => {
        const found = await useCasesOf(useCases).get.execute(principalOf(ctx).storeId, idParam(ctx));
        if (E.isLeft(found)) return respondWithError(ctx, found.left);
        ctx.body = { data: resource(found.right, ctx) };
      },
    },
    {
      method: 'put',
      ...item,
      spec: operations.update,
      handle: (useCases) => async (ctx) => {
        const data = requestData(ctx);
        const updated = E.isLeft(data)
          ? data
          : await useCasesOf(useCases).update.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
        if (E.isLeft(updated)) return respondWithError(ctx, updated.left);
        ctx.body = { data: resource(updated.right, ctx) };
      },
    },
    {
      method: 'delete',
      ...item,
      spec: operations.remove,
      handle: (useCases) => async (ctx) => {
        const deleted = await useCasesOf(useCases).remove.execute(principalOf(ctx).storeId, idParam(ctx));
        if (E.isLeft(deleted)) return respondWithError(ctx, deleted.left);
        ctx.status = 204;
      },
    },
  ];
};
