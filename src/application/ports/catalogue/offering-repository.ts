import type * as E from 'fp-ts/lib/Either.js';
import type { Offering } from '../../../domain/catalogue/offering.js';
import type { OfferingQuery } from '../../../domain/catalogue/offering-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ChangeEvent, ChangeEventsOf } from '../integrations/observed-payloads.js';
import type { Missing, OriginalGone } from '../storage-outcomes.js';

/**
 * Storage of offerings with their copies of products and plans. The events a change fires are the
 * caller's, written in the change's transaction (none when nothing is stored).
 */
export interface OfferingRepository {
  /** Stores the offering and its copies; `OriginalGone` when an original was deleted meanwhile. */
  insert(offering: Offering, events: readonly ChangeEvent[]): Promise<E.Either<OriginalGone, void>>;
  findById(storeId: Uuid, id: Uuid): Promise<Offering | undefined>;
  /**
   * Loads the offering under a lock, lets `change` compute its next state and stores it: its attributes,
   * and its copies as `change` left them (removed, changed or added). `OriginalGone` when an added copy's
   * original was deleted meanwhile; nothing is stored then.
   */
  update(
    storeId: Uuid,
    id: Uuid,
    change: (current: Offering) => Offering,
    eventsOf: ChangeEventsOf<Offering>,
  ): Promise<E.Either<Missing | OriginalGone, Offering>>;
  /** Deletes the offering and its copies; the snapshots of existing subscriptions stay. */
  delete(storeId: Uuid, id: Uuid, events: readonly ChangeEvent[]): Promise<boolean>;
  /** Newest first, each with its products and plans: a constant number of queries whatever the page. */
  list(storeId: Uuid, query: OfferingQuery): Promise<Page<Offering>>;
}
