import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Offering } from '../../../domain/catalogue/offering.js';
import { parseOfferingBuild } from '../../../domain/catalogue/offering-input.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { PlanRepository, ProductRepository } from '../../ports/catalogue/catalogue-repository.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { type OfferingPorts, storeNewOffering } from './create-offering.js';

@injectable()
export class BuildOffering {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.ProductRepository) private readonly products: ProductRepository,
    @inject(TOKENS.PlanRepository) private readonly plans: PlanRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  private ports(): OfferingPorts {
    return { offerings: this.offerings, products: this.products, plans: this.plans, clock: this.clock, ids: this.ids };
  }

  /** An offering with copies of the given products and plans, in one call. */
  execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, Offering>> {
    return storeNewOffering(this.ports(), parseOfferingBuild, storeId, data);
  }
}
