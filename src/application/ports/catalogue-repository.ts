import type * as E from 'fp-ts/lib/Either.js';
import type { ListQuery } from '../../domain/query/list-query.js';
import type { Uuid } from '../../domain/shared/uuid.js';
import type { SubscriptionPlan } from '../../domain/subscription/plan.js';
import type { SubscriptionProduct } from '../../domain/subscription/product.js';
import type { ListedPage } from './listed-page.js';

export type CatalogueFilterField = 'external_ref';
export type CatalogueQuery = ListQuery<CatalogueFilterField>;

/** Storage of a store's subscription products or plans: the originals that offerings copy. */
export interface CatalogueRepository<A extends SubscriptionProduct | SubscriptionPlan> {
  insert(item: A): Promise<void>;
  findById(storeId: Uuid, id: Uuid): Promise<A | undefined>;
  /** The store's records among `ids`, in no particular order; ids of other stores are left out. */
  findByIds(storeId: Uuid, ids: readonly Uuid[]): Promise<readonly A[]>;
  /** Loads, changes and stores the record in one transaction; undefined when the store has no such record. */
  update(storeId: Uuid, id: Uuid, change: (current: A) => A): Promise<A | undefined>;
  /** `in-use` while an offering holds a copy of the record. */
  delete(storeId: Uuid, id: Uuid): Promise<E.Either<'not-found' | 'in-use', void>>;
  /** Newest first. */
  list(storeId: Uuid, query: CatalogueQuery): Promise<ListedPage<A>>;
}

export type ProductRepository = CatalogueRepository<SubscriptionProduct>;
export type PlanRepository = CatalogueRepository<SubscriptionPlan>;
