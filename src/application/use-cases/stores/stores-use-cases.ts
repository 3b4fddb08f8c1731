// The use cases of stores, by the names the library exports them under: stores-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).
export { CreateStore } from './create-store.js';
export { EnsureDefaultStore } from './ensure-default-store.js';
export { ListStores } from './list-stores.js';
export { SetStoreRateLimit } from './set-store-rate-limit.js';
