import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type Missing, missing, type OverBudget, overBudget } from '../../../../application/ports/storage-outcomes.js';
import type { NewStoreRecords, StoreRepository } from '../../../../application/ports/stores/store-repository.js';
import { STORE_SETTINGS_AUDIT, storeSettingsRecord } from '../../../../domain/audit/audited-records.js';
import type { Page } from '../../../../domain/query/page.js';
import type { StoreRates } from '../../../../domain/rate-limits/admission.js';
import type { SettingsChanges } from '../../../../domain/settings/settings-input.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { Store } from '../../../../domain/stores/store.js';
import type { StoreQuery, StoreSummary } from '../../../../domain/stores/store-summary.js';
import type { InMemoryAuditRecorder } from '../audit/in-memory-audit-recorder.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

@injectable()
export class InMemoryStoreRepository implements StoreRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.AuditRecorder) private readonly audit: InMemoryAuditRecorder,
  ) {}

  async create(records: NewStoreRecords): Promise<void> {
    if (this.state.stores.has(records.store.id)) throw new Error(`store ${records.store.id} already exists`);
    this.state.assertNewKey(records.firstKey);
    if (this.state.realmMappings.has(records.realmMapping.id))
      throw new Error(`mapping ${records.realmMapping.id} already exists`);
    this.state.stores.set(records.store.id, records.store);
    this.state.applicationKeys.set(records.firstKey.id, records.firstKey);
    this.state.realmMappings.set(records.realmMapping.id, records.realmMapping);
    this.state.authenticationRealms.set(records.accountRealm.id, records.accountRealm);
    this.state.authenticationRealms.set(records.merchantRealm.id, records.merchantRealm);
  }

  async findById(id: Uuid): Promise<Store | undefined> {
    return this.state.stores.get(id);
  }

  async list(query: StoreQuery): Promise<Page<StoreSummary>> {
    const page = listOf(this.state.stores.values(), query, {
      fields: {},
      ordered: (store) => store,
      keepsRunningCount: false,
    });
    return { ...page, items: page.items.map((store) => this.summary(store)) };
  }

  private summary(store: Store): StoreSummary {
    let keyCount = 0;
    let reservedRateLimit = 0;
    for (const key of this.state.applicationKeys.values()) {
      if (key.storeId !== store.id) continue;
      keyCount += 1;
      reservedRateLimit += key.reservedRateLimit ?? 0;
    }
    return { store, keyCount, reservedRateLimit };
  }

  async isEmpty(): Promise<boolean> {
    return this.state.stores.size === 0;
  }

  async rates(id: Uuid): Promise<StoreRates | undefined> {
    const store = this.state.stores.get(id);
    if (store === undefined) return undefined;
    const reservations = new Map<string, number>();
    for (const key of this.state.applicationKeys.values())
      if (key.storeId === id && key.reservedRateLimit !== null) reservations.set(key.id, key.reservedRateLimit);
    return { budget: store.rateLimit, reservations };
  }

  async setRateLimit(id: Uuid, rateLimit: number): Promise<E.Either<Missing | OverBudget, Store>> {
    const store = this.state.stores.get(id);
    if (store === undefined) return E.left(missing);
    let reserved = 0;
    for (const key of this.state.applicationKeys.values())
      if (key.storeId === id) reserved += key.reservedRateLimit ?? 0;
    if (reserved > rateLimit) return E.left(overBudget);
    const updated = { ...store, rateLimit };
    this.state.stores.set(id, updated);
    return E.right(updated);
  }

  async changeSettings(id: Uuid, changes: SettingsChanges): Promise<Store | undefined> {
    const store = this.state.stores.get(id);
    if (store === undefined) return undefined;
    const updated = { ...store, ...changes };
    this.state.stores.set(id, updated);
    this.audit.record(id, [STORE_SETTINGS_AUDIT.updated(id, storeSettingsRecord(store), storeSettingsRecord(updated))]);
    return updated;
  }
}
