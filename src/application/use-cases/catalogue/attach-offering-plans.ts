import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Offering } from '../../../domain/catalogue/offering.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { PlanRepository } from '../../ports/catalogue/catalogue-repository.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { attach } from './attach-to-offering.js';
import { PLANS_NOT_FOUND } from './offering-lookup.js';

@injectable()
export class AttachOfferingPlans {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.PlanRepository) private readonly plans: PlanRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, Offering>> {
    return attach(
      { offerings: this.offerings, clock: this.clock, ids: this.ids },
      {
        name: 'plans',
        find: (ids) => this.plans.findByIds(storeId, ids),
        missing: PLANS_NOT_FOUND,
        held: (o) => o.plans,
        hold: (o, plans) => ({ ...o, plans }),
      },
      storeId,
      id,
      data,
    );
  }
}
