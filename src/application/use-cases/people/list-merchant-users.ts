import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { MerchantUser } from '../../../domain/people/merchant-user.js';
import { MERCHANT_USER_LIST } from '../../../domain/people/merchant-user-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';

/** `GET /v2/merchant-users`: newest first, filtered on `name`, `email` and `role`. */
@injectable()
export class ListMerchantUsers {
  constructor(
    @inject(PEOPLE_TOKENS.MerchantUserRepository) private readonly users: MerchantUserRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(storeId: Uuid, params: QueryParams): Promise<E.Either<DomainError, Page<MerchantUser>>> {
    return listPage(this.stores, storeId, params, MERCHANT_USER_LIST, (query) => this.users.list(storeId, query));
  }
}
