import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { APPLICATION_KEY_LIST } from '../../../domain/keys/application-key-query.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ApplicationKeyPage, ApplicationKeyRepository } from '../../ports/keys/application-key-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';

@injectable()
export class ListApplicationKeys {
  constructor(
    @inject(TOKENS.ApplicationKeyRepository) private readonly keys: ApplicationKeyRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(storeId: Uuid, params: QueryParams): Promise<E.Either<DomainError, ApplicationKeyPage>> {
    return listPage(this.stores, storeId, params, APPLICATION_KEY_LIST, (query) => this.keys.list(storeId, query));
  }
}
