import * as E from 'fp-ts/lib/Either.js';
import { notFound, type DomainError } from '../../domain/shared/errors.js';
import type { Store } from '../../domain/store/store.js';
import type { Uuid } from '../../domain/shared/uuid.js';
import type { StoreRepository } from '../ports/store-repository.js';

export const STORE_NOT_FOUND = 'store not found';

export const requireStore = async (stores: StoreRepository, id: Uuid): Promise<E.Either<DomainError, Store>> => {
  const store = await stores.findById(id);
  return store === undefined ? E.left(notFound(STORE_NOT_FOUND)) : E.right(store);
};
