import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { parsePageRequest, type PageRequest } from '../../domain/query/page.js';
import type { QueryParams } from '../../domain/query/query-params.js';
import { validationFailed, type DomainError } from '../../domain/shared/errors.js';
import type { Uuid } from '../../domain/shared/uuid.js';
import type { ApplicationKeyPage, ApplicationKeyRepository } from '../ports/application-key-repository.js';
import type { StoreRepository } from '../ports/store-repository.js';
import { TOKENS } from '../tokens.js';
import { requireStore } from './store-lookup.js';

export interface ApplicationKeyList extends ApplicationKeyPage {
  readonly page: PageRequest;
}

@injectable()
export class ListApplicationKeys {
  constructor(
    @inject(TOKENS.ApplicationKeyRepository) private readonly keys: ApplicationKeyRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(storeId: Uuid, params: QueryParams): Promise<E.Either<DomainError, ApplicationKeyList>> {
    const store = await requireStore(this.stores, storeId);
    if (E.isLeft(store)) return store;
    const page = parsePageRequest(params, store.right.pageLength);
    if (E.isLeft(page)) return E.left(validationFailed(page.left));
    const found = await this.keys.list(storeId, page.right);
    return E.right({ ...found, page: page.right });
  }
}
