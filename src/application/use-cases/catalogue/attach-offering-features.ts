import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { nextVersion, type Offering, type OfferingFeature, withCopies } from '../../../domain/catalogue/offering.js';
import type { Feature } from '../../../domain/features/feature.js';
import {
  externalRefHeld,
  featureReference,
  parseFeatureAttachment,
} from '../../../domain/features/offering-feature.js';
import { conflict, type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { FeatureRepository } from '../../ports/store-record-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { changeOffering } from './change-offering.js';
import { FEATURE_REF_HELD } from './make-offering-feature.js';
import { findOffering } from './offering-lookup.js';

export const FEATURES_NOT_FOUND = 'subscription features not found';

/** The store's features named by id or external_ref, in the order named, or a 404 naming every one it lacks. */
export const findFeatures = async (
  features: FeatureRepository,
  storeId: Uuid,
  references: readonly string[],
): Promise<E.Either<DomainError, readonly Feature[]>> => {
  const found = await Promise.all(
    references.map((reference) => {
      const named = featureReference(reference);
      return 'id' in named
        ? features.findById(storeId, named.id)
        : features.findByExclusiveValue(storeId, named.externalRef);
    }),
  );
  const missing = references.filter((_, index) => found[index] === undefined);
  if (missing.length > 0) return E.left(notFound(`${FEATURES_NOT_FOUND}: ${missing.join(', ')}`));
  return E.right(found.filter((f): f is Feature => f !== undefined));
};

/**
 * The offering with copies of these store features it does not hold a copy of yet (the offering's copy is
 * edited apart from the original from then on); refused when a copy's external_ref is another of its features'.
 */
export const withFeatureCopies = (
  held: readonly OfferingFeature[],
  originals: readonly Feature[],
  newId: () => Uuid,
  now: Date,
): E.Either<DomainError, Pick<Offering, 'features'>> => {
  const features = withCopies(held, originals, newId, now);
  const added = features.slice(held.length);
  const clash = added.find((copy, index) =>
    externalRefHeld([...held, ...added.slice(0, index)], copy.attributes.external_ref),
  );
  return clash === undefined
    ? E.right({ features })
    : E.left(conflict(`${FEATURE_REF_HELD}: ${clash.attributes.external_ref}`, 'external_ref_taken'));
};

/** EPCC 2025's `POST /offerings/{id}/features/attach`: copies store features into the offering. */
@injectable()
export class AttachOfferingFeatures {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.FeatureRepository) private readonly features: FeatureRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /** The offering's features once attached; a new version only when something was copied. */
  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, readonly OfferingFeature[]>> {
    const references = parseFeatureAttachment(data);
    if (E.isLeft(references)) return E.left(validationFailed(references.left));
    const offering = await findOffering(this.offerings, storeId, id);
    if (E.isLeft(offering)) return offering;
    const originals = await findFeatures(this.features, storeId, references.right);
    if (E.isLeft(originals)) return originals;
    const now = this.clock.now();
    const changed = await changeOffering(this.offerings, storeId, id, (o) =>
      E.map((copies: Pick<Offering, 'features'>) =>
        copies.features.length === o.features.length ? o : nextVersion(o, copies, now),
      )(withFeatureCopies(o.features, originals.right, () => this.ids.uuid(), now)),
    );
    return E.map((o: Offering) => o.features)(changed);
  }
}
