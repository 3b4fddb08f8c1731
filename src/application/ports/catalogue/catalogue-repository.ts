import type * as E from 'fp-ts/lib/Either.js';
import type { CatalogueQuery } from '../../../domain/catalogue/catalogue-query.js';
import type { CatalogueRecord } from '../../../domain/catalogue/catalogue-record.js';
import type { PlanAttributes } from '../../../domain/catalogue/plan.js';
import type { ProductAttributes } from '../../../domain/catalogue/product.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ChangeEvent, ChangeEventsOf } from '../integrations/observed-payloads.js';
import type { InUse, Missing } from '../storage-outcomes.js';

/**
 * Storage of a store's subscription products or plans: the originals that offerings copy. The events a
 * change fires are the caller's, written in the change's transaction.
 */
export interface CatalogueRepository<A> {
  insert(item: CatalogueRecord<A>, events: readonly ChangeEvent[]): Promise<void>;
  findById(storeId: Uuid, id: Uuid): Promise<CatalogueRecord<A> | undefined>;
  /** The store's records among `ids`, in no particular order; ids of other stores are left out. */
  findByIds(storeId: Uuid, ids: readonly Uuid[]): Promise<readonly CatalogueRecord<A>[]>;
  /** Loads, changes and stores the record in one transaction; undefined when the store has no such record. */
  update(
    storeId: Uuid,
    id: Uuid,
    change: (current: CatalogueRecord<A>) => CatalogueRecord<A>,
    eventsOf: ChangeEventsOf<CatalogueRecord<A>>,
  ): Promise<CatalogueRecord<A> | undefined>;
  /** `InUse` while an offering holds a copy of the record. */
  delete(storeId: Uuid, id: Uuid, events: readonly ChangeEvent[]): Promise<E.Either<Missing | InUse, void>>;
  /** Newest first. */
  list(storeId: Uuid, query: CatalogueQuery): Promise<Page<CatalogueRecord<A>>>;
}

export type ProductRepository = CatalogueRepository<ProductAttributes>;
export type PlanRepository = CatalogueRepository<PlanAttributes>;
