import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { PLANS, type SubscriptionPlan } from '../../../domain/catalogue/plan.js';
import type { PlanRepository } from '../../ports/catalogue/catalogue-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord } from './catalogue-records.js';

@injectable()
export class CreateSubscriptionPlan {
  constructor(
    @inject(TOKENS.PlanRepository) private readonly plans: PlanRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, SubscriptionPlan>> {
    return createRecord(PLANS, this.plans, { clock: this.clock, ids: this.ids }, storeId, data);
  }
}

@injectable()
export class GetSubscriptionPlan {
  constructor(@inject(TOKENS.PlanRepository) private readonly plans: PlanRepository) {}

  execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, SubscriptionPlan>> {
    return getRecord(PLANS, this.plans, storeId, id);
  }
}

@injectable()
export class ListSubscriptionPlans {
  constructor(
    @inject(TOKENS.PlanRepository) private readonly plans: PlanRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(storeId: Uuid, params: QueryParams): Promise<E.Either<DomainError, Page<SubscriptionPlan>>> {
    return listRecords(this.plans, this.stores, storeId, params);
  }
}

@injectable()
export class UpdateSubscriptionPlan {
  constructor(
    @inject(TOKENS.PlanRepository) private readonly plans: PlanRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, SubscriptionPlan>> {
    return updateRecord(PLANS, this.plans, this.clock, storeId, id, data);
  }
}

@injectable()
export class DeleteSubscriptionPlan {
  constructor(@inject(TOKENS.PlanRepository) private readonly plans: PlanRepository) {}

  execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, void>> {
    return deleteRecord(PLANS, this.plans, storeId, id);
  }
}
