import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { lostOn2024Wire } from '../../../domain/catalogue/eligibility.js';
import {
  nextVersion,
  OFFERING_NOT_FOUND,
  type Offering,
  type OfferingProduct,
  withCopies,
} from '../../../domain/catalogue/offering.js';
import { OFFERING_EVENTS } from '../../../domain/catalogue/offering-events.js';
import { parseAttachment } from '../../../domain/catalogue/offering-input.js';
import { featuresWouldBeDropped, productsConfiguringFeatures } from '../../../domain/features/offering-feature.js';
import { conflict, type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { ProductRepository } from '../../ports/catalogue/catalogue-repository.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { findOriginals, PRODUCTS_NOT_FOUND } from './offering-lookup.js';

@injectable()
export class ReplaceOfferingProducts {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.ProductRepository) private readonly products: ProductRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /**
   * The offering's products become fresh copies of the given originals, in the order given, in a new
   * version: the copies it held are detached (edits made to them included), which frees originals no
   * other offering holds.
   */
  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, Offering>> {
    const offeringId = parseUuid(id);
    if (offeringId === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
    const ids = parseAttachment(data, 'products');
    if (E.isLeft(ids)) return E.left(validationFailed(ids.left));
    const current = await this.offerings.findById(storeId, offeringId);
    if (current === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
    // What only the 2025 wire holds and new copies would lose: eligibility pairs, custom attributes, features.
    const lost = lostOn2024Wire(current, 'replace');
    if (lost !== undefined) return E.left(conflict(lost, 'generation_mismatch'));
    if (productsConfiguringFeatures(current).length > 0)
      return E.left(conflict(featuresWouldBeDropped(productsConfiguringFeatures(current)), 'generation_mismatch'));
    const found = await findOriginals(
      (wanted) => this.products.findByIds(storeId, wanted),
      ids.right,
      PRODUCTS_NOT_FOUND,
    );
    if (E.isLeft(found)) return found;
    const now = this.clock.now();
    // Checked again under the offering's lock: a 2025 write may have configured a feature meanwhile.
    let configuring: readonly OfferingProduct[] = [];
    const updated = await this.offerings.update(
      storeId,
      offeringId,
      (o) => {
        configuring = productsConfiguringFeatures(o);
        return configuring.length > 0
          ? o
          : nextVersion(o, { products: withCopies([], found.right, () => this.ids.uuid(), now) }, now);
      },
      (o) => (configuring.length > 0 ? [] : [OFFERING_EVENTS.updated(o)]),
    );
    if (configuring.length > 0) return E.left(conflict(featuresWouldBeDropped(configuring), 'generation_mismatch'));
    if (E.isRight(updated)) return updated;
    return E.left(
      notFound(
        updated.left._tag === 'Missing' ? OFFERING_NOT_FOUND : 'a product was deleted while it was being attached',
      ),
    );
  }
}
