import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { nextVersion } from '../../../domain/catalogue/offering.js';
import { OFFERING_FEATURE_NOT_FOUND, withoutOfferingFeature } from '../../../domain/features/offering-feature.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { changeOffering } from './change-offering.js';

/**
 * EPCC 2025's `DELETE /offerings/{id}/features/{feature}`: the feature leaves the offering, with its plans'
 * configurations of it, in a new version; existing subscriptions keep theirs, and the store's feature stays.
 */
@injectable()
export class DeleteOfferingFeature {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(storeId: Uuid, id: string, featureId: string): Promise<E.Either<DomainError, void>> {
    const feature = parseUuid(featureId);
    const now = this.clock.now();
    const changed = await changeOffering(this.offerings, storeId, id, (o) => {
      const without = feature === undefined ? undefined : withoutOfferingFeature(o, feature);
      return without === undefined
        ? E.left(notFound(OFFERING_FEATURE_NOT_FOUND))
        : E.right(nextVersion(o, without, now));
    });
    return E.map(() => undefined)(changed);
  }
}
