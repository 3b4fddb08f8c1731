import type { Uuid } from '../../domain/shared/uuid.js';
import type { Offering } from '../../domain/subscription/offering.js';
import type { CatalogueQuery } from './catalogue-repository.js';
import type { ListedPage } from './listed-page.js';

/** Storage of offerings with their copies of products and plans. */
export interface OfferingRepository {
  /** Stores the offering and its copies; false when an original was deleted meanwhile. */
  insert(offering: Offering): Promise<boolean>;
  findById(storeId: Uuid, id: Uuid): Promise<Offering | undefined>;
  /**
   * Loads the offering under a lock, lets `change` compute its next state and stores it. Copies are
   * never edited, so storing means writing the attributes and adding the copies it does not hold yet.
   * Undefined when there is no such offering; false when an original was deleted meanwhile.
   */
  update(storeId: Uuid, id: Uuid, change: (current: Offering) => Offering): Promise<Offering | undefined | false>;
  /** Deletes the offering and its copies; the snapshots of existing subscriptions stay. */
  delete(storeId: Uuid, id: Uuid): Promise<boolean>;
  /** Newest first, each with its products and plans. */
  list(storeId: Uuid, query: CatalogueQuery): Promise<ListedPage<Offering>>;
}
