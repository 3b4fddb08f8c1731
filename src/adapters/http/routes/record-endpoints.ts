import type * as E from 'fp-ts/lib/Either.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { type Endpoint, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { answer, created, inData, noContent, withData } from '../endpoints/handlers.js';
import { type HttpContext, idParam, queryOf } from '../http-state.js';
import type { OperationSpec } from '../openapi/operation-builder.js';
import { ID_PARAMETER } from '../openapi/operation-builder.js';
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
      handle: (useCases) =>
        created(
          withData((data, storeId) => useCasesOf(useCases).create.execute(storeId, data)),
          inData(resource),
        ),
    },
    {
      method: 'get',
      ...collection,
      spec: operations.list,
      handle: (useCases, { links }) =>
        answer(
          (storeId, ctx) => useCasesOf(useCases).list.execute(storeId, queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, (record) => resource(record, ctx)),
        ),
    },
    {
      method: 'get',
      ...item,
      spec: operations.get,
      handle: (useCases) =>
        answer((storeId, ctx) => useCasesOf(useCases).get.execute(storeId, idParam(ctx)), inData(resource)),
    },
    {
      method: 'put',
      ...item,
      spec: operations.update,
      handle: (useCases) =>
        answer(
          withData((data, storeId, ctx) => useCasesOf(useCases).update.execute(storeId, idParam(ctx), data)),
          inData(resource),
        ),
    },
    {
      method: 'delete',
      ...item,
      spec: operations.remove,
      handle: (useCases) => noContent((storeId, ctx) => useCasesOf(useCases).remove.execute(storeId, idParam(ctx))),
    },
  ];
};
