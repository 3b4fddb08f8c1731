import type * as E from 'fp-ts/lib/Either.js';
import type { AccountAuthenticationSettings } from '../../../domain/settings/account-authentication-settings.js';
import type { AccountMembershipSettings } from '../../../domain/settings/account-membership-settings.js';
import type { CartSettings } from '../../../domain/settings/cart-settings.js';
import type { CorsSettings } from '../../../domain/settings/cors-settings.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/** Storage of one group of each store's settings; a store that never changed them has the defaults. */
export interface SettingsRepository<S> {
  /** The store's settings, or undefined when there is no such store. */
  find(storeId: Uuid): Promise<S | undefined>;
  /**
   * Reads, changes and stores the store's settings, one change at a time per store; undefined when there is
   * no such store, and a refusal of `change` stores nothing.
   */
  update<R>(storeId: Uuid, change: (current: S) => E.Either<R, S>): Promise<E.Either<R, S> | undefined>;
}

export type CartSettingsRepository = SettingsRepository<CartSettings>;
export type AccountMembershipSettingsRepository = SettingsRepository<AccountMembershipSettings>;
export type CorsSettingsRepository = SettingsRepository<CorsSettings>;
export type AccountAuthenticationSettingsRepository = SettingsRepository<AccountAuthenticationSettings>;
