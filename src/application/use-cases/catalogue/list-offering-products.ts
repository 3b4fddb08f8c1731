import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { OfferingProduct } from '../../../domain/catalogue/offering.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listCopies, type OfferingCopies } from './list-offering-copies.js';

@injectable()
export class ListOfferingProducts {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(
    storeId: Uuid,
    id: string,
    params: QueryParams,
  ): Promise<E.Either<DomainError, OfferingCopies<OfferingProduct>>> {
    return listCopies({ offerings: this.offerings, stores: this.stores }, (o) => o.products, storeId, id, params);
  }
}
