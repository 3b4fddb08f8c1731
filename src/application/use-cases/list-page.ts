import * as E from 'fp-ts/lib/Either.js';
import { type ListQuery, type ListRules, parseListQuery } from '../../domain/query/list-query.js';
import type { QueryParams } from '../../domain/query/query-params.js';
import { type DomainError, validationFailed } from '../../domain/shared/errors.js';
import type { Uuid } from '../../domain/shared/uuid.js';
import type { StoreRepository } from '../ports/stores/store-repository.js';
import { requireStore } from './stores/store-lookup.js';

/**
 * The one way every list is read: the store's page length is the default `page[limit]`, the query is
 * parsed by the list's own rules, and `read` fetches that page.
 */
export const listPage = async <F extends string, I extends string, P>(
  stores: StoreRepository,
  storeId: Uuid,
  params: QueryParams,
  rules: ListRules<F, I>,
  read: (query: ListQuery<F, I>) => Promise<P>,
): Promise<E.Either<DomainError, P>> => {
  const store = await requireStore(stores, storeId);
  if (E.isLeft(store)) return store;
  const query = parseListQuery(params, { ...rules, defaultLimit: store.right.pageLength });
  return E.isLeft(query) ? E.left(validationFailed(query.left)) : E.right(await read(query.right));
};
