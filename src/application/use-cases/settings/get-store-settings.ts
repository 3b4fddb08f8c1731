import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { requireStore } from '../stores/store-lookup.js';
import { type StoreSettings, settingsOf } from './store-settings.js';

@injectable()
export class GetStoreSettings {
  constructor(@inject(TOKENS.StoreRepository) private readonly stores: StoreRepository) {}

  async execute(storeId: Uuid): Promise<E.Either<DomainError, StoreSettings>> {
    return E.map(settingsOf)(await requireStore(this.stores, storeId));
  }
}
