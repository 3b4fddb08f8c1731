import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import type { Offering } from '../../../domain/catalogue/offering.js';
import { parseOfferingBuild } from '../../../domain/catalogue/offering-input.js';
import { parseOfferingBuild2025 } from '../../../domain/catalogue/offering-input-2025.js';
import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingProrationRepository } from '../../ports/billing/offering-proration-repository.js';
import type { PlanRepository, ProductRepository } from '../../ports/catalogue/catalogue-repository.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { FeatureRepository, ProrationPolicyRepository } from '../../ports/store-record-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { type OfferingPorts, type OfferingReader, reading, storeNewOffering } from './create-offering.js';

/** How each generation's build reads its body: 2024 copies originals by id, 2025 makes everything inline. */
const BUILD: Readonly<Record<SubscriptionsGeneration, OfferingReader>> = {
  '2024': reading(parseOfferingBuild),
  '2025': parseOfferingBuild2025,
};

@injectable()
export class BuildOffering {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.ProductRepository) private readonly products: ProductRepository,
    @inject(TOKENS.PlanRepository) private readonly plans: PlanRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(TOKENS.ProrationPolicyRepository) @optional() private readonly policies?: ProrationPolicyRepository,
    @inject(TOKENS.OfferingProrationRepository) @optional() private readonly prorations?: OfferingProrationRepository,
    @inject(TOKENS.FeatureRepository) @optional() private readonly features?: FeatureRepository,
  ) {}

  private ports(): OfferingPorts {
    const { offerings, products, plans, clock, ids, policies, prorations, features } = this;
    return { offerings, products, plans, clock, ids, policies, prorations, features };
  }

  /** An offering with its products and plans in one call: copies of originals (2024), or made inline (2025). */
  execute(
    storeId: Uuid,
    data: unknown,
    generation: SubscriptionsGeneration = '2024',
  ): Promise<E.Either<DomainError, Offering>> {
    return storeNewOffering(this.ports(), BUILD[generation], storeId, data);
  }
}
