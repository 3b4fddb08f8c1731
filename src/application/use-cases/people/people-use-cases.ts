// The use cases of the merchant's people and their console sessions, by the names the library exports
// them under: people-module.ts binds each of them, and src/index.ts re-exports this file whole.

export { CreateMerchantUser } from './create-merchant-user.js';
export { DeleteMerchantUser } from './delete-merchant-user.js';
export { GetMerchantUser } from './get-merchant-user.js';
export { ListMerchantUsers } from './list-merchant-users.js';
export { StartConsoleSession } from './start-console-session.js';
export { UpdateMerchantUser } from './update-merchant-user.js';
