import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { nextVersion, type OfferingFeature } from '../../../domain/catalogue/offering.js';
import { externalRefHeld, parseNewOfferingFeature } from '../../../domain/features/offering-feature.js';
import { conflict, type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { changeOffering } from './change-offering.js';

/** Why a feature is refused whose external_ref another feature of the offering has: a build names features by it. */
export const FEATURE_REF_HELD = 'another feature of the offering has this external_ref';

/**
 * EPCC 2025's `POST /offerings/{id}/features`: a feature made inside the offering, with no original, in a new
 * version of the offering; existing subscriptions keep theirs.
 */
@injectable()
export class CreateOfferingFeature {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, OfferingFeature>> {
    const attributes = parseNewOfferingFeature(data);
    if (E.isLeft(attributes)) return E.left(validationFailed(attributes.left));
    const now = this.clock.now();
    const feature: OfferingFeature = {
      id: this.ids.uuid(),
      attributes: attributes.right,
      createdAt: now,
      updatedAt: now,
    };
    const changed = await changeOffering(this.offerings, storeId, id, (o) =>
      externalRefHeld(o.features, feature.attributes.external_ref)
        ? E.left(conflict(FEATURE_REF_HELD, 'external_ref_taken'))
        : E.right(nextVersion(o, { features: [...o.features, feature] }, now)),
    );
    return E.map(() => feature)(changed);
  }
}
