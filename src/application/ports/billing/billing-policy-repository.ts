import type * as E from 'fp-ts/lib/Either.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { BillingPolicy, BillingPolicyQuery } from '../../../domain/billing/billing-policy.js';
import type { DunningRuleAttributes } from '../../../domain/billing/dunning-rule.js';
import type { ProrationPolicyAttributes } from '../../../domain/billing/proration-policy.js';
import type { InUse, Missing, Taken } from '../storage-outcomes.js';

/**
 * Storage of a store's proration policies or dunning rules. A record's exclusive value (its kind's
 * `exclusiveValue`) is held by at most one record of the store, whatever runs concurrently: `Taken` otherwise.
 */
export interface BillingPolicyRepository<A> {
  insert(record: BillingPolicy<A>): Promise<E.Either<Taken, void>>;
  findById(storeId: Uuid, id: Uuid): Promise<BillingPolicy<A> | undefined>;
  /** The store's one record holding this exclusive value (a dunning rule's default mark, a policy's `external_ref`), if any. */
  findByExclusiveValue(storeId: Uuid, value: string): Promise<BillingPolicy<A> | undefined>;
  /** Loads, changes and stores the record in one transaction; a refusal of `change` leaves it as it was. */
  update<R>(
    storeId: Uuid,
    id: Uuid,
    change: (current: BillingPolicy<A>) => E.Either<R, BillingPolicy<A>>,
  ): Promise<E.Either<Missing | Taken | R, BillingPolicy<A>>>;
  /** `InUse` while an offering refers to the record. */
  delete(storeId: Uuid, id: Uuid): Promise<E.Either<Missing | InUse, void>>;
  /** Newest first. */
  list(storeId: Uuid, query: BillingPolicyQuery): Promise<Page<BillingPolicy<A>>>;
}

export type ProrationPolicyRepository = BillingPolicyRepository<ProrationPolicyAttributes>;
export type DunningRuleRepository = BillingPolicyRepository<DunningRuleAttributes>;
