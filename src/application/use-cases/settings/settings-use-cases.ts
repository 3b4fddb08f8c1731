// The use cases of settings, by the names the library exports them under: settings-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).
export { GetAccountMembershipSettings } from './get-account-membership-settings.js';
export { GetCartSettings } from './get-cart-settings.js';
export { GetCorsSettings } from './get-cors-settings.js';
export { GetStoreSettings } from './get-store-settings.js';
export { ResetStoreSettings } from './reset-store-settings.js';
export { UpdateAccountMembershipSettings } from './update-account-membership-settings.js';
export { UpdateCartSettings } from './update-cart-settings.js';
export { UpdateCorsSettings } from './update-cors-settings.js';
export { UpdateStoreSettings } from './update-store-settings.js';
