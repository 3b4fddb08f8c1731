import type * as E from 'fp-ts/lib/Either.js';
import type { DunningRuleAttributes } from '../../domain/billing/dunning/dunning-rule.js';
import type { ProrationPolicyAttributes } from '../../domain/billing/proration/proration-policy.js';
import type { FeatureAttributes } from '../../domain/features/feature.js';
import type { Page } from '../../domain/query/page.js';
import type { Uuid } from '../../domain/shared/uuid.js';
import type { StoreRecord, StoreRecordQuery } from '../../domain/store-records/store-record.js';
import type { ChangeEvent, ChangeEventsOf } from './integrations/observed-payloads.js';
import type { InUse, Missing, Taken } from './storage-outcomes.js';

/**
 * Storage of one kind of store record (proration policies, dunning rules, schedules). A record's exclusive value (its kind's
 * `exclusiveValue`) is held by at most one record of the store, whatever runs concurrently: `Taken` otherwise.
 * The events a change fires are the caller's, written in the change's transaction (a refused change writes none).
 */
export interface StoreRecordRepository<A> {
  insert(record: StoreRecord<A>, events: readonly ChangeEvent[]): Promise<E.Either<Taken, void>>;
  findById(storeId: Uuid, id: Uuid): Promise<StoreRecord<A> | undefined>;
  /** The store's one record holding this exclusive value (a dunning rule's default mark, a policy's `external_ref`), if any. */
  findByExclusiveValue(storeId: Uuid, value: string): Promise<StoreRecord<A> | undefined>;
  /** Loads, changes and stores the record in one transaction; a refusal of `change` leaves it as it was. */
  update<R>(
    storeId: Uuid,
    id: Uuid,
    change: (current: StoreRecord<A>) => E.Either<R, StoreRecord<A>>,
    eventsOf: ChangeEventsOf<StoreRecord<A>>,
  ): Promise<E.Either<Missing | Taken | R, StoreRecord<A>>>;
  /** `InUse` while an offering refers to the record. */
  delete(storeId: Uuid, id: Uuid, events: readonly ChangeEvent[]): Promise<E.Either<Missing | InUse, void>>;
  /** Newest first. */
  list(storeId: Uuid, query: StoreRecordQuery): Promise<Page<StoreRecord<A>>>;
}

export type ProrationPolicyRepository = StoreRecordRepository<ProrationPolicyAttributes>;
export type DunningRuleRepository = StoreRecordRepository<DunningRuleAttributes>;
export type FeatureRepository = StoreRecordRepository<FeatureAttributes>;
