import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { DEFAULT_STORE_SETTINGS } from '../../../domain/stores/store.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { STORE_NOT_FOUND } from '../stores/store-lookup.js';
import { type StoreSettings, settingsOf } from './store-settings.js';

@injectable()
export class ResetStoreSettings {
  constructor(@inject(TOKENS.StoreRepository) private readonly stores: StoreRepository) {}

  /** Puts every setting back to its default. */
  async execute(storeId: Uuid): Promise<E.Either<DomainError, StoreSettings>> {
    const store = await this.stores.changeSettings(storeId, DEFAULT_STORE_SETTINGS);
    return store === undefined ? E.left(notFound(STORE_NOT_FOUND)) : E.right(settingsOf(store));
  }
}
