import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import {
  PRORATION_POLICIES,
  type ProrationPolicy,
  type ProrationPolicyAttributes,
  type ProrationPolicyChanges,
} from '../../../domain/billing/proration-policy.js';
import type { ProrationPolicyRepository } from '../../ports/billing/billing-policy-repository.js';
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

/** A store's proration policies; an external_ref is held by one policy of the store at most. */
const RULES: BillingPolicyRules<ProrationPolicyAttributes, ProrationPolicyChanges> = {
  kind: PRORATION_POLICIES,
  takenCode: 'external_ref_taken',
};

@injectable()
export class CreateProrationPolicy {
  constructor(
    @inject(TOKENS.ProrationPolicyRepository) private readonly records: ProrationPolicyRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, ProrationPolicy>> {
    return createPolicy(RULES, this.records, { clock: this.clock, ids: this.ids }, storeId, data);
  }
}

@injectable()
export class GetProrationPolicy {
  constructor(@inject(TOKENS.ProrationPolicyRepository) private readonly records: ProrationPolicyRepository) {}

  execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, ProrationPolicy>> {
    return getPolicy(RULES, this.records, storeId, id);
  }
}

@injectable()
export class ListProrationPolicies {
  constructor(
    @inject(TOKENS.ProrationPolicyRepository) private readonly records: ProrationPolicyRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(storeId: Uuid, params: QueryParams): Promise<E.Either<DomainError, Page<ProrationPolicy>>> {
    return listPolicies(RULES, this.records, this.stores, storeId, params);
  }
}

@injectable()
export class UpdateProrationPolicy {
  constructor(
    @inject(TOKENS.ProrationPolicyRepository) private readonly records: ProrationPolicyRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, ProrationPolicy>> {
    return updatePolicy(RULES, this.records, this.clock, storeId, id, data);
  }
}

@injectable()
export class DeleteProrationPolicy {
  constructor(@inject(TOKENS.ProrationPolicyRepository) private readonly records: ProrationPolicyRepository) {}

  execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, void>> {
    return deletePolicy(RULES, this.records, storeId, id);
  }
}
