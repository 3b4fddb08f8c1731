import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Offering } from '../../../domain/catalogue/offering.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ProductRepository } from '../../ports/catalogue/catalogue-repository.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { attach } from './attach-to-offering.js';
import { PRODUCTS_NOT_FOUND } from './offering-lookup.js';

@injectable()
export class AttachOfferingProducts {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.ProductRepository) private readonly products: ProductRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, Offering>> {
    return attach(
      { offerings: this.offerings, clock: this.clock, ids: this.ids },
      {
        name: 'products',
        find: (ids) => this.products.findByIds(storeId, ids),
        missing: PRODUCTS_NOT_FOUND,
        held: (o) => o.products,
        hold: (o, products) => ({ ...o, products }),
      },
      storeId,
      id,
      data,
    );
  }
}
