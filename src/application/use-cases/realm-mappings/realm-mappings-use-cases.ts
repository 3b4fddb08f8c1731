// The use cases of realm mappings, by the names the library exports them under: realm-mappings-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).
export { GetMerchantRealmMapping } from './get-merchant-realm-mapping.js';
export { ResolveMerchantRealm } from './resolve-merchant-realm.js';
export { UpdateMerchantRealmPrefix } from './update-merchant-realm-prefix.js';
