import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Store } from '../../../domain/stores/store.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { requireStore } from '../stores/store-lookup.js';

/** The settings a store can change: the page length every list uses when `page[limit]` is absent. */
export interface StoreSettings {
  readonly pageLength: number;
}

export const settingsOf = (store: Store): StoreSettings => ({ pageLength: store.pageLength });

@injectable()
export class GetStoreSettings {
  constructor(@inject(TOKENS.StoreRepository) private readonly stores: StoreRepository) {}

  async execute(storeId: Uuid): Promise<E.Either<DomainError, StoreSettings>> {
    return E.map(settingsOf)(await requireStore(this.stores, storeId));
  }
}
