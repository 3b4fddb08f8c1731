import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { OfferingProduct } from '../../../domain/catalogue/offering.js';
import { parseOfferingProductChanges } from '../../../domain/catalogue/offering-copy-input.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { type ChangedCopy, edit } from './edit-offering-copy.js';
import { PRODUCT_COPIES } from './offering-members.js';

@injectable()
export class UpdateOfferingProduct {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** `productId` is the offering's copy's id; `null` clears an optional attribute. */
  execute(
    storeId: Uuid,
    id: string,
    productId: string,
    data: unknown,
  ): Promise<E.Either<DomainError, ChangedCopy<OfferingProduct['attributes']>>> {
    return edit(
      { offerings: this.offerings, clock: this.clock },
      PRODUCT_COPIES,
      parseOfferingProductChanges,
      storeId,
      id,
      productId,
      data,
    );
  }
}
