import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { nextVersion, type OfferingProduct } from '../../../domain/catalogue/offering.js';
import { parseNewOfferingPlan2025, parseNewPricingOption2025 } from '../../../domain/catalogue/offering-input-2025.js';
import type { PlanAttributes } from '../../../domain/catalogue/plan.js';
import type { ProductAttributes } from '../../../domain/catalogue/product.js';
import { configurationProblems } from '../../../domain/features/plan-feature-configuration.js';
import { type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { changeOffering } from './change-offering.js';
import type { ChangedCopy } from './edit-offering-copy.js';
import { makeInOffering, parsedAttributes } from './make-in-offering.js';
import { PLAN_COPIES } from './offering-members.js';

const CONFIGURATIONS = 'data.attributes.feature_configurations';

/** A product made inside the offering, with no original: EPCC 2025's `POST /offerings/{id}/plans`. */
@injectable()
export class MakeOfferingProduct {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /**
   * Its `feature_configurations` must fit the features the offering holds when the plan is added; in an offering
   * with narrower associations it may be bought with no pricing option until one is associated with it.
   */
  async execute(
    storeId: Uuid,
    id: string,
    data: unknown,
  ): Promise<E.Either<DomainError, ChangedCopy<ProductAttributes>>> {
    const made = parseNewOfferingPlan2025(data);
    if (E.isLeft(made)) return E.left(validationFailed(made.left));
    const now = this.clock.now();
    const copy: OfferingProduct = { id: this.ids.uuid(), ...made.right, createdAt: now, updatedAt: now };
    const changed = await changeOffering(this.offerings, storeId, id, (o) => {
      const [first, ...rest] = configurationProblems(
        o.features,
        copy.attributes.feature_configurations,
        CONFIGURATIONS,
      );
      return first === undefined
        ? E.right(nextVersion(o, { products: [...o.products, copy] }, now))
        : E.left(validationFailed([first, ...rest]));
    });
    return E.map((offering: ChangedCopy<ProductAttributes>['offering']) => ({ offering, copy }))(changed);
  }
}

/** A plan made inside the offering, with no original: EPCC 2025's `POST /offerings/{id}/pricing-options`. */
@injectable()
export class MakeOfferingPlan {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, ChangedCopy<PlanAttributes>>> {
    const { offerings, clock, ids } = this;
    return makeInOffering(
      { offerings, clock, ids },
      PLAN_COPIES,
      parsedAttributes(parseNewPricingOption2025),
      storeId,
      id,
      data,
    );
  }
}
