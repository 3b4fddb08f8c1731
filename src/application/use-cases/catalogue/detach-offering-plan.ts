import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { detach } from './detach-from-offering.js';
import { PLAN_COPIES } from './offering-members.js';

@injectable()
export class DetachOfferingPlan {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** `id` is the offering's, `planId` that of its copy of the plan. */
  execute(storeId: Uuid, id: string, planId: string): Promise<E.Either<DomainError, void>> {
    return detach({ offerings: this.offerings, clock: this.clock }, PLAN_COPIES, storeId, id, planId);
  }
}
