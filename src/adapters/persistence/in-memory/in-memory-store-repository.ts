import { inject, injectable } from 'inversify';
import type { NewStoreRecords, StoreRepository } from '../../../application/ports/store-repository.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Store } from '../../../domain/store/store.js';
import { IN_MEMORY } from './in-memory-tokens.js';
import type { InMemoryState } from './in-memory-state.js';

@injectable()
export class InMemoryStoreRepository implements StoreRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async create(records: NewStoreRecords): Promise<void> {
    if (this.state.stores.has(records.store.id)) throw new Error(`store ${records.store.id} already exists`);
    this.state.assertNewKey(records.firstKey);
    this.state.stores.set(records.store.id, records.store);
    this.state.applicationKeys.set(records.firstKey.id, records.firstKey);
  }

  async findById(id: Uuid): Promise<Store | undefined> {
    return this.state.stores.get(id);
  }

  async isEmpty(): Promise<boolean> {
    return this.state.stores.size === 0;
  }
}
