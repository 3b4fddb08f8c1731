import { inject, injectable } from 'inversify';
import { PLAN_IN_USE, PLAN_NOT_FOUND, parsePlanAttributes, parsePlanChanges, type SubscriptionPlan } from '../../../domain/subscription/plan.js';
import type { PlanRepository } from '../../ports/catalogue-repository.js';
import type { StoreRepository } from '../../ports/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { CatalogueService } from './catalogue-service.js';

@injectable()
export class SubscriptionPlans extends CatalogueService<SubscriptionPlan> {
  constructor(
    @inject(TOKENS.PlanRepository) plans: PlanRepository,
    @inject(TOKENS.StoreRepository) stores: StoreRepository,
    @inject(TOKENS.Clock) clock: Clock,
    @inject(TOKENS.IdGenerator) ids: IdGenerator,
  ) {
    super(plans, stores, clock, ids);
  }

  protected readonly rules = { parseNew: parsePlanAttributes, parseChanges: parsePlanChanges, notFound: PLAN_NOT_FOUND, inUse: PLAN_IN_USE };
}
