import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Offering } from '../../../domain/catalogue/offering.js';
import { OFFERING_LISTS } from '../../../domain/catalogue/offering-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import type { OfferingsIncluded } from './get-offering.js';

@injectable()
export class ListOfferings {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  /** Newest first; every offering carries its copies, so `include` costs no further query. */
  execute<G extends SubscriptionsGeneration = '2024'>(
    storeId: Uuid,
    params: QueryParams,
    generation: G = '2024' as G,
  ): Promise<E.Either<DomainError, Page<Offering> & OfferingsIncluded<G>>> {
    return listPage(this.stores, storeId, params, OFFERING_LISTS[generation], async (query) => ({
      ...(await this.offerings.list(storeId, query)),
      include: query.include,
    }));
  }
}
