import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { parseSettingsChanges } from '../../../domain/settings/settings-input.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { requireStore, STORE_NOT_FOUND } from '../stores/store-lookup.js';
import { type StoreSettings, settingsOf } from './store-settings.js';

@injectable()
export class UpdateStoreSettings {
  constructor(@inject(TOKENS.StoreRepository) private readonly stores: StoreRepository) {}

  /** A partial update: settings left out keep their values. */
  async execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, StoreSettings>> {
    const changes = parseSettingsChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    if (Object.keys(changes.right).length === 0) return E.map(settingsOf)(await requireStore(this.stores, storeId));
    const store = await this.stores.changeSettings(storeId, changes.right);
    return store === undefined ? E.left(notFound(STORE_NOT_FOUND)) : E.right(settingsOf(store));
  }
}
