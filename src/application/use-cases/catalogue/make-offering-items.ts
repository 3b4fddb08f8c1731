import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  parseNewOfferingPlan2025,
  parseNewPricingOption2025,
  unstoredInPlanData,
} from '../../../domain/catalogue/offering-input-2025.js';
import type { PlanAttributes } from '../../../domain/catalogue/plan.js';
import type { ProductAttributes } from '../../../domain/catalogue/product.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import type { ChangedCopy } from './edit-offering-copy.js';
import { type ItemReader, makeInOffering, parsed, parsedAttributes } from './make-in-offering.js';
import { PLAN_COPIES, PRODUCT_COPIES } from './offering-members.js';

/** A 2025 plan's body: refused when it configures features, which are not stored yet. */
const PRODUCT_READER: ItemReader<ProductAttributes> = (data) => {
  const refused = unstoredInPlanData(data);
  return refused === undefined ? parsed(parseNewOfferingPlan2025)(data) : E.left(refused);
};

/** A product made inside the offering, with no original: EPCC 2025's `POST /offerings/{id}/plans`. */
@injectable()
export class MakeOfferingProduct {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, ChangedCopy<ProductAttributes>>> {
    const { offerings, clock, ids } = this;
    return makeInOffering({ offerings, clock, ids }, PRODUCT_COPIES, PRODUCT_READER, storeId, id, data);
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
