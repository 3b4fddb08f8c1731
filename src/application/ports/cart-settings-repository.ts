import type * as E from 'fp-ts/lib/Either.js';
import type { Uuid } from '../../domain/shared/uuid.js';
import type { CartSettings } from '../../domain/store/cart-settings.js';

/** Storage of each store's cart settings; a store that never changed them has the defaults. */
export interface CartSettingsRepository {
  /** The store's settings, or undefined when there is no such store. */
  find(storeId: Uuid): Promise<CartSettings | undefined>;
  /**
   * Reads, changes and stores the store's settings, one change at a time per store; undefined when there is
   * no such store, and a refusal of `change` stores nothing.
   */
  update<R>(storeId: Uuid, change: (current: CartSettings) => E.Either<R, CartSettings>): Promise<E.Either<R, CartSettings> | undefined>;
}
