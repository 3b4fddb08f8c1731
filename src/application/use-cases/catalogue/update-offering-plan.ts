import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { OfferingPlan } from '../../../domain/catalogue/offering.js';
import { parseOfferingPlanChanges } from '../../../domain/catalogue/offering-copy-input.js';
import { parsePricingOptionChanges2025 } from '../../../domain/catalogue/offering-input-2025.js';
import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { type ChangedCopy, edit } from './edit-offering-copy.js';
import { PLAN_COPIES } from './offering-members.js';

@injectable()
export class UpdateOfferingPlan {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /**
   * `planId` is the offering's plan's id; `null` clears an optional attribute. In 2025 the plan is a pricing
   * option (`subscription_offering_pricing_option`).
   */
  execute(
    storeId: Uuid,
    id: string,
    planId: string,
    data: unknown,
    generation: SubscriptionsGeneration = '2024',
  ): Promise<E.Either<DomainError, ChangedCopy<OfferingPlan['attributes']>>> {
    return edit(
      { offerings: this.offerings, clock: this.clock },
      PLAN_COPIES,
      generation === '2025' ? parsePricingOptionChanges2025 : parseOfferingPlanChanges,
      storeId,
      id,
      planId,
      data,
    );
  }
}
