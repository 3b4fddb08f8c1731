import type * as E from 'fp-ts/lib/Either.js';
import type { ApplicationKey } from '../../../domain/keys/application-key.js';
import type { ApplicationKeyQuery } from '../../../domain/keys/application-key-query.js';
import type { ReservationBudget } from '../../../domain/keys/reservation-budget.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Missing, OverBudget } from '../storage-outcomes.js';

/** Decides, with the store's budget read under a lock, whether a write may go ahead. */
export type BudgetCheck = (budget: ReservationBudget) => boolean;

/** A page of keys, with the sum of the reservations of all the store's keys. */
export type ApplicationKeyPage = Page<ApplicationKey> & { readonly totalReservedRateLimit: number };

/**
 * Storage of application keys. Writes that touch a reservation run `check` while no other write of the
 * same store can change the store's reservations, so two concurrent requests cannot both pass the budget.
 */
export interface ApplicationKeyRepository {
  /** `Missing` when the key's store does not exist. */
  insert(key: ApplicationKey, check: BudgetCheck): Promise<E.Either<Missing | OverBudget, void>>;
  /** Loads the key, lets `change` compute its new state and stores it, all under the store's lock. */
  update(
    storeId: Uuid,
    id: Uuid,
    change: (current: ApplicationKey) => ApplicationKey,
    check: (budget: ReservationBudget, updated: ApplicationKey) => boolean,
  ): Promise<E.Either<Missing | OverBudget, ApplicationKey>>;
  /** Deletes the key and every token minted from it; false when the store has no such key. */
  delete(storeId: Uuid, id: Uuid): Promise<boolean>;
  findById(storeId: Uuid, id: Uuid): Promise<ApplicationKey | undefined>;
  findByClientId(clientId: string): Promise<ApplicationKey | undefined>;
  /** Newest first, with the number of the store's keys, exactly, and the sum of their reservations. */
  list(storeId: Uuid, query: ApplicationKeyQuery): Promise<ApplicationKeyPage>;
  markUsed(id: Uuid, at: Date): Promise<void>;
}
