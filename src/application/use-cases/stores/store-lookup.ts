import * as E from 'fp-ts/lib/Either.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { Store } from '../../../domain/stores/store.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';

export const STORE_NOT_FOUND = 'store not found';

export const requireStore = async (stores: StoreRepository, id: Uuid): Promise<E.Either<DomainError, Store>> => {
  const store = await stores.findById(id);
  return store === undefined ? E.left(notFound(STORE_NOT_FOUND)) : E.right(store);
};

/** A store id given as text: text that is no uuid names no store, so it is not found, as an unknown id is. */
export const parseStoreId = (text: string): E.Either<DomainError, Uuid> => {
  const id = parseUuid(text);
  return id === undefined ? E.left(notFound(STORE_NOT_FOUND)) : E.right(id);
};
