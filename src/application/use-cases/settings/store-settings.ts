import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { parseSettingsChanges } from '../../../domain/settings/settings-input.js';
import { DEFAULT_PAGE_LENGTH, type Store } from '../../../domain/stores/store.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { requireStore, STORE_NOT_FOUND } from '../stores/store-lookup.js';

/** The settings a store can change: the page length every list uses when `page[limit]` is absent. */
export interface StoreSettings {
  readonly pageLength: number;
}

const settingsOf = (store: Store): StoreSettings => ({ pageLength: store.pageLength });

@injectable()
export class GetStoreSettings {
  constructor(@inject(TOKENS.StoreRepository) private readonly stores: StoreRepository) {}

  async execute(storeId: Uuid): Promise<E.Either<DomainError, StoreSettings>> {
    return E.map(settingsOf)(await requireStore(this.stores, storeId));
  }
}

@injectable()
export class UpdateStoreSettings {
  constructor(@inject(TOKENS.StoreRepository) private readonly stores: StoreRepository) {}

  /** A partial update: settings left out keep their values. */
  async execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, StoreSettings>> {
    const changes = parseSettingsChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    if (changes.right.pageLength === undefined) return E.map(settingsOf)(await requireStore(this.stores, storeId));
    const store = await this.stores.setPageLength(storeId, changes.right.pageLength);
    return store === undefined ? E.left(notFound(STORE_NOT_FOUND)) : E.right(settingsOf(store));
  }
}

@injectable()
export class ResetStoreSettings {
  constructor(@inject(TOKENS.StoreRepository) private readonly stores: StoreRepository) {}

  /** Puts every setting back to its default. */
  async execute(storeId: Uuid): Promise<E.Either<DomainError, StoreSettings>> {
    const store = await this.stores.setPageLength(storeId, DEFAULT_PAGE_LENGTH);
    return store === undefined ? E.left(notFound(STORE_NOT_FOUND)) : E.right(settingsOf(store));
  }
}
