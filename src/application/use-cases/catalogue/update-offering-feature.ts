import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { nextVersion, type Offering, type OfferingFeature } from '../../../domain/catalogue/offering.js';
import {
  externalRefHeld,
  parseOfferingFeatureChanges,
  plansMisfitBy,
  wholeOfferingFeature,
} from '../../../domain/features/offering-feature.js';
import { conflict, type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import { applyChanges } from '../../../domain/shared/record-parser.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { changeOffering } from './change-offering.js';
import { heldFeature } from './list-offering-features.js';
import { FEATURE_REF_HELD } from './make-offering-feature.js';

/** The offering with its feature changed, or why not: a plan's configuration it would no longer fit is a 409. */
const withFeatureChanged = (
  offering: Offering,
  featureId: string,
  changes: object,
  now: Date,
): E.Either<DomainError, Offering> =>
  E.flatMap((feature: OfferingFeature) => {
    const whole = wholeOfferingFeature(applyChanges(feature.attributes, changes));
    if (E.isLeft(whole)) return E.left(validationFailed(whole.left));
    const attributes = whole.right;
    if (externalRefHeld(offering.features, attributes.external_ref, feature.id))
      return E.left(conflict(FEATURE_REF_HELD, 'external_ref_taken'));
    const misfit = plansMisfitBy(offering.products, feature.id, attributes);
    if (misfit.length > 0)
      return E.left(
        conflict(
          `plans of the offering configure this feature in a way its new configuration does not offer: ${misfit.map((p) => p.id).join(', ')}; change or remove their feature_configurations first`,
          'in_use',
        ),
      );
    const changed = { ...feature, attributes, updatedAt: now };
    return E.right(
      nextVersion(offering, { features: offering.features.map((f) => (f.id === feature.id ? changed : f)) }, now),
    );
  })(heldFeature(offering, featureId));

/**
 * EPCC 2025's `PUT /offerings/{id}/features/{feature}`: a partial update of the offering's copy, in a new
 * version of the offering; the store's feature it was copied from is left as it is.
 */
@injectable()
export class UpdateOfferingFeature {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(
    storeId: Uuid,
    id: string,
    featureId: string,
    data: unknown,
  ): Promise<E.Either<DomainError, OfferingFeature>> {
    const changes = parseOfferingFeatureChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const now = this.clock.now();
    const changed = await changeOffering(this.offerings, storeId, id, (o) =>
      withFeatureChanged(o, featureId, changes.right, now),
    );
    return E.flatMap((o: Offering) => heldFeature(o, featureId))(changed);
  }
}
