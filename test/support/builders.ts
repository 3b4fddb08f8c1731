import { nodeSecrets } from '../../src/adapters/system/node-secrets.js';
import { randomIds } from '../../src/adapters/system/system-module.js';
import type { NewStoreRecords } from '../../src/application/ports/stores/store-repository.js';
import { newAccountRealm, newMerchantRealm } from '../../src/domain/authentication-realms/authentication-realm.js';
import type { ApplicationKey } from '../../src/domain/keys/application-key.js';
import type { MerchantRealmMapping } from '../../src/domain/realm-mappings/merchant-realm-mapping.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import type { Store } from '../../src/domain/stores/store.js';
import { newStore } from '../../src/domain/stores/store.js';

export const aStore = (overrides: Partial<Store> = {}): Store => ({
  ...newStore(randomIds.uuid(), 'Test store', new Date('2026-01-01T00:00:00.000Z')),
  ...overrides,
});

export const aKey = (storeId: Uuid, overrides: Partial<ApplicationKey> = {}): ApplicationKey => {
  const createdAt = overrides.createdAt ?? new Date('2026-01-02T00:00:00.000Z');
  return {
    id: randomIds.uuid(),
    storeId,
    name: 'A key',
    clientId: nodeSecrets.random(168),
    secretHash: nodeSecrets.hash(nodeSecrets.random(256)),
    previousSecret: null,
    scopes: null,
    reservedRateLimit: null,
    createdAt,
    updatedAt: createdAt,
    lastUsedAt: null,
    ...overrides,
  };
};

export const aMapping = (storeId: Uuid, overrides: Partial<MerchantRealmMapping> = {}): MerchantRealmMapping => ({
  id: randomIds.uuid(),
  storeId,
  realmId: randomIds.uuid(),
  prefix: null,
  ...overrides,
});

/** What a store is created with: the store, its first key and its realm mapping. */
export const storeRecords = (
  store: Store,
  firstKey: ApplicationKey = aKey(store.id),
  realmMapping: MerchantRealmMapping = aMapping(store.id),
): NewStoreRecords => ({
  store,
  firstKey,
  realmMapping,
  accountRealm: newAccountRealm(randomIds.uuid(), store.id, store.createdAt),
  merchantRealm: newMerchantRealm(realmMapping.realmId, store.id, store.createdAt),
});
