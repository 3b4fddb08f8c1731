import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Offering, OfferingFeature } from '../../../domain/catalogue/offering.js';
import { OFFERING_FEATURE_NOT_FOUND } from '../../../domain/features/offering-feature.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listCopies, type OfferingCopies } from './list-offering-copies.js';
import { findOffering } from './offering-lookup.js';

/** One of the offering's features by an untrusted id, or the 404 naming what is missing. */
export const heldFeature = (offering: Offering, id: string): E.Either<DomainError, OfferingFeature> => {
  const found = offering.features.find((f) => f.id === id);
  return found === undefined ? E.left(notFound(OFFERING_FEATURE_NOT_FOUND)) : E.right(found);
};

/** EPCC 2025's `GET /offerings/{id}/features`: the offering's features, in the order they were added. */
@injectable()
export class ListOfferingFeatures {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(
    storeId: Uuid,
    id: string,
    params: QueryParams,
  ): Promise<E.Either<DomainError, OfferingCopies<OfferingFeature>>> {
    return listCopies({ offerings: this.offerings, stores: this.stores }, (o) => o.features, storeId, id, params);
  }
}

/** EPCC 2025's `GET /offerings/{id}/features/{feature}`: one feature of the offering, as the offering holds it. */
@injectable()
export class GetOfferingFeature {
  constructor(@inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository) {}

  async execute(storeId: Uuid, id: string, featureId: string): Promise<E.Either<DomainError, OfferingFeature>> {
    return E.flatMap((offering: Offering) => heldFeature(offering, featureId))(
      await findOffering(this.offerings, storeId, id),
    );
  }
}
