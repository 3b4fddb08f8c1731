import type * as E from 'fp-ts/lib/Either.js';
import type { Page } from '../../domain/query/page.js';
import type { Uuid } from '../../domain/shared/uuid.js';
import type { OfferingQuery } from '../../domain/subscription/offering-query.js';
import type { Offering } from '../../domain/subscription/offering.js';
import type { Missing, OriginalGone } from './storage-outcomes.js';

/** Storage of offerings with their copies of products and plans. */
export interface OfferingRepository {
  /** Stores the offering and its copies; `OriginalGone` when an original was deleted meanwhile. */
  insert(offering: Offering): Promise<E.Either<OriginalGone, void>>;
  findById(storeId: Uuid, id: Uuid): Promise<Offering | undefined>;
  /**
   * Loads the offering under a lock, lets `change` compute its next state and stores it. Copies are
   * never edited, so storing means writing the attributes and adding the copies it does not hold yet.
   */
  update(storeId: Uuid, id: Uuid, change: (current: Offering) => Offering): Promise<E.Either<Missing | OriginalGone, Offering>>;
  /** Deletes the offering and its copies; the snapshots of existing subscriptions stay. */
  delete(storeId: Uuid, id: Uuid): Promise<boolean>;
  /** Newest first, each with its products and plans. */
  list(storeId: Uuid, query: OfferingQuery): Promise<Page<Offering>>;
}
