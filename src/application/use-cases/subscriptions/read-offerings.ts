import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { OFFERING_LIST } from '../../../domain/subscription/offering-query.js';
import type { Offering } from '../../../domain/subscription/offering.js';
import type { OfferingRepository } from '../../ports/offering-repository.js';
import type { StoreRepository } from '../../ports/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import { findOffering } from './offering-lookup.js';

@injectable()
export class GetOffering {
  constructor(@inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository) {}

  execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, Offering>> {
    return findOffering(this.offerings, storeId, id);
  }
}

@injectable()
export class ListOfferings {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(storeId: Uuid, params: QueryParams): Promise<E.Either<DomainError, Page<Offering>>> {
    return listPage(this.stores, storeId, params, OFFERING_LIST, (query) => this.offerings.list(storeId, query));
  }
}
