import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { detach } from './detach-from-offering.js';
import { PRODUCT_COPIES } from './offering-members.js';

@injectable()
export class DetachOfferingProduct {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** `id` is the offering's, `productId` that of its copy of the product. */
  execute(storeId: Uuid, id: string, productId: string): Promise<E.Either<DomainError, void>> {
    return detach({ offerings: this.offerings, clock: this.clock }, PRODUCT_COPIES, storeId, id, productId);
  }
}
