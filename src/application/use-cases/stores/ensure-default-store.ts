import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { type CreatedStore, CreateStore } from './create-store.js';

const DEFAULT_STORE_NAME = 'Default store';

@injectable()
export class EnsureDefaultStore {
  constructor(
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
    @inject(CreateStore) private readonly createStore: CreateStore,
  ) {}

  /** On an empty database, creates the default store and returns it with its first key; otherwise nothing. */
  async execute(): Promise<CreatedStore | undefined> {
    if (!(await this.stores.isEmpty())) return undefined;
    const created = await this.createStore.execute(DEFAULT_STORE_NAME);
    if (E.isLeft(created)) throw new Error(`the default store could not be created: ${created.left._tag}`);
    return created.right;
  }
}
