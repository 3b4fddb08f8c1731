import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { CartSettingsRepository } from '../../../application/ports/cart-settings-repository.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { DEFAULT_CART_SETTINGS, type CartSettings } from '../../../domain/store/cart-settings.js';
import type { InMemoryState } from './in-memory-state.js';
import { IN_MEMORY } from './in-memory-tokens.js';

@injectable()
export class InMemoryCartSettingsRepository implements CartSettingsRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async find(storeId: Uuid): Promise<CartSettings | undefined> {
    return this.state.stores.has(storeId) ? (this.state.cartSettings.get(storeId) ?? DEFAULT_CART_SETTINGS) : undefined;
  }

  async update<R>(storeId: Uuid, change: (current: CartSettings) => E.Either<R, CartSettings>): Promise<E.Either<R, CartSettings> | undefined> {
    if (!this.state.stores.has(storeId)) return undefined;
    const changed = change(this.state.cartSettings.get(storeId) ?? DEFAULT_CART_SETTINGS);
    if (E.isRight(changed)) this.state.cartSettings.set(storeId, changed.right);
    return changed;
  }
}
