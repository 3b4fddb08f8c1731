import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import {
  DUNNING_RULES,
  type DunningRule,
  type DunningRuleAttributes,
  type DunningRuleChanges,
} from '../../../domain/billing/dunning-rule.js';
import type { DunningRuleRepository } from '../../ports/billing/billing-policy-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import {
  createPolicy,
  deletePolicy,
  getPolicy,
  listPolicies,
  updatePolicy,
  type BillingPolicyRules,
} from './billing-policies.js';

/** A store's dunning rules; one of them at most is the store's default. */
const RULES: BillingPolicyRules<DunningRuleAttributes, DunningRuleChanges> = {
  kind: DUNNING_RULES,
  takenCode: 'default_taken',
};

@injectable()
export class CreateDunningRule {
  constructor(
    @inject(TOKENS.DunningRuleRepository) private readonly records: DunningRuleRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, DunningRule>> {
    return createPolicy(RULES, this.records, { clock: this.clock, ids: this.ids }, storeId, data);
  }
}

@injectable()
export class GetDunningRule {
  constructor(@inject(TOKENS.DunningRuleRepository) private readonly records: DunningRuleRepository) {}

  execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, DunningRule>> {
    return getPolicy(RULES, this.records, storeId, id);
  }
}

@injectable()
export class ListDunningRules {
  constructor(
    @inject(TOKENS.DunningRuleRepository) private readonly records: DunningRuleRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(storeId: Uuid, params: QueryParams): Promise<E.Either<DomainError, Page<DunningRule>>> {
    return listPolicies(RULES, this.records, this.stores, storeId, params);
  }
}

@injectable()
export class UpdateDunningRule {
  constructor(
    @inject(TOKENS.DunningRuleRepository) private readonly records: DunningRuleRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, DunningRule>> {
    return updatePolicy(RULES, this.records, this.clock, storeId, id, data);
  }
}

@injectable()
export class DeleteDunningRule {
  constructor(@inject(TOKENS.DunningRuleRepository) private readonly records: DunningRuleRepository) {}

  execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, void>> {
    return deletePolicy(RULES, this.records, storeId, id);
  }
}
